"""QGIS (Debian's python3-qgis, headless: QT_QPA_PLATFORM=offscreen) as a client of the portal's OGC
API: an OAPIF layer with a filter expression (the layer's subset string, as set in QGIS's query
builder), one read in S-JTSK through QGIS's own reprojection, and the vector tile style. Prints one
JSON object for tests/ogc/qgis.test.ts to check. QGIS 3.22 evaluates the expression itself; from 3.32
it sends it as `filter` to a server that declares Part 3 (the portal does)."""
import json
import os
import sys

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from qgis.core import (  # noqa: E402
    Qgis,
    QgsApplication,
    QgsCoordinateReferenceSystem,
    QgsFeatureRequest,
    QgsNetworkAccessManager,
    QgsSettings,
    QgsVectorLayer,
)

root, collection, proxy_host, proxy_port = sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4]
app = QgsApplication([], False)
app.initQgis()
settings = QgsSettings()
settings.setValue("proxy/proxyEnabled", True)
settings.setValue("proxy/proxyType", "HttpProxy")
settings.setValue("proxy/proxyHost", proxy_host)
settings.setValue("proxy/proxyPort", proxy_port)
settings.setValue("proxy/proxyExcludedUrls", "")
QgsNetworkAccessManager.instance().setupDefaultProxyAndCache()

out = {"qgis": Qgis.version()}
layer = QgsVectorLayer(f"url='{root}' typename='{collection}'", "obce", "OAPIF")
out["valid"] = layer.isValid()
out["fields"] = {f.name(): f.typeName() for f in layer.fields()}
out["all"] = layer.featureCount()
layer.setSubsetString("\"kraj\" = 'Nitriansky' AND \"obyvatelia\" > 2000")
out["subset"] = sorted(f["nazov"] for f in layer.getFeatures())
layer.setSubsetString("")
request = QgsFeatureRequest().setFilterExpression("\"nazov\" LIKE 'Žilina%'")
out["expression"] = sorted(f["nazov"] for f in layer.getFeatures(request))
request = QgsFeatureRequest().setFilterExpression("\"nazov\" = 'Nitra 3'")
request.setDestinationCrs(QgsCoordinateReferenceSystem("EPSG:5514"), layer.transformContext())
feature = next(layer.getFeatures(request))
out["sjtsk"] = [feature.geometry().vertexAt(0).x(), feature.geometry().vertexAt(0).y()]
print(json.dumps(out), flush=True)
# QGIS 3.22 may crash while tearing down its providers (exitQgis); the answer is out, leave at once.
os._exit(0)
