"""OWSLib (Debian's python3-owslib) as a client of the portal's OGC API: conformance, a collection's
queryables, items with a CQL2 filter in text and JSON, in S-JTSK. Prints one JSON object for
tests/ogc/owslib.test.ts to check."""
import json
import sys

from owslib.ogcapi.features import Features

root, towns = sys.argv[1], sys.argv[2]
api = Features(root)
out = {"conformsTo": api.conformance()["conformsTo"]}

queryables = api.collection_queryables(towns)
out["queryables"] = {name: spec.get("type") for name, spec in queryables["properties"].items()}

text = api.collection_items(towns, filter="kraj = 'Nitriansky' AND obyvatelia > 2000", limit=100)
out["text"] = {"ids": [f["id"] for f in text["features"]], "numberMatched": text.get("numberMatched")}

cql_json = {"op": "like", "args": [{"op": "accenti", "args": [{"property": "nazov"}]}, {"op": "accenti", "args": ["Zilina%"]}]}
as_json = api.collection_items(towns, **{"filter": json.dumps(cql_json), "filter-lang": "cql2-json", "limit": 100})
out["json"] = sorted(f["properties"]["nazov"] for f in as_json["features"])

sjtsk = api.collection_items(towns, limit=1, crs="http://www.opengis.net/def/crs/EPSG/0/5514", sortby="nazov")
out["sjtsk"] = {"first": sjtsk["features"][0]["geometry"]["coordinates"][0][0], "nazov": sjtsk["features"][0]["properties"]["nazov"]}

try:
    api.collection_items(towns, filter="ulica = 'Hlavná'")
    out["error"] = None
except RuntimeError as err:
    out["error"] = json.loads(str(err))

print(json.dumps(out))
