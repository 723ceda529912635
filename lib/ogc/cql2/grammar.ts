// The CQL2 text grammar (OGC 21-065r2, "Common Query Language"), for peggy: Basic CQL2, the advanced
// comparison operators (LIKE, BETWEEN, IN), CASEI / ACCENTI, property-property comparisons and the
// spatial functions with WKT and BBOX literals. A parse yields the CQL2 JSON form of the same
// expression, so text and JSON filters share one evaluator (./compile.ts). Also accepted, for the
// older drafts' `cql-text` that GDAL 3.6 sends: `ILIKE`. Keywords are case-insensitive.
export const CQL2_TEXT_GRAMMAR = String.raw`
{{
  function fold(head, tail, op) {
    if (!tail.length) return head;
    return { op, args: [head, ...tail] };
  }
  function negate(e, not) {
    return not ? { op: 'not', args: [e] } : e;
  }
}}

start = _ e:orExpression _ { return e; }

orExpression = head:andExpression tail:(_ OR _ e:andExpression { return e; })* { return fold(head, tail, 'or'); }

andExpression = head:notExpression tail:(_ AND _ e:notExpression { return e; })* { return fold(head, tail, 'and'); }

notExpression
  = NOT _ e:notExpression { return { op: 'not', args: [e] }; }
  / primary

primary
  = "(" _ e:orExpression _ ")" { return e; }
  / predicate
  / booleanLiteral

predicate
  = spatialPredicate
  / isNullPredicate
  / likePredicate
  / betweenPredicate
  / inPredicate
  / comparisonPredicate

comparisonPredicate = a:scalar _ op:comparisonOperator _ b:scalar { return { op, args: [a, b] }; }

comparisonOperator = "<>" / "<=" / ">=" / "=" / "<" / ">"

likePredicate
  = a:scalar _ not:(NOT _)? kind:(LIKE / ILIKE) _ p:scalar {
      const args = kind === 'ilike' ? [{ op: 'casei', args: [a] }, { op: 'casei', args: [p] }] : [a, p];
      return negate({ op: 'like', args }, not);
    }

betweenPredicate
  = a:scalar _ not:(NOT _)? BETWEEN _ lo:scalar _ AND _ hi:scalar { return negate({ op: 'between', args: [a, lo, hi] }, not); }

inPredicate
  = a:scalar _ not:(NOT _)? IN _ "(" _ head:scalar tail:(_ "," _ v:scalar { return v; })* _ ")" { return negate({ op: 'in', args: [a, [head, ...tail]] }, not); }

isNullPredicate
  = a:scalar _ IS _ not:(NOT _)? NULL { return negate({ op: 'isNull', args: [a] }, not); }

spatialPredicate
  = f:spatialFunction _ "(" _ a:geomExpression _ "," _ b:geomExpression _ ")" { return { op: f, args: [a, b] }; }

spatialFunction
  = name:$("S_"i ("INTERSECTS"i / "DISJOINT"i / "CONTAINS"i / "WITHIN"i / "EQUALS"i / "TOUCHES"i / "OVERLAPS"i / "CROSSES"i)) !identChar { return name.toLowerCase(); }

geomExpression = geometryLiteral / bbox / property

scalar
  = caseFunction
  / instant
  / n:number { return n; }
  / s:string { return s; }
  / b:booleanLiteral { return b; }
  / property

caseFunction
  = name:$("CASEI"i / "ACCENTI"i) !identChar _ "(" _ a:scalar _ ")" { return { op: name.toLowerCase(), args: [a] }; }

instant
  = DATE _ "(" _ s:string _ ")" { return { date: s }; }
  / TIMESTAMP _ "(" _ s:string _ ")" { return { timestamp: s }; }

property
  = '"' name:$([^"]+) '"' { return { property: name }; }
  / !reserved name:$([A-Za-z_\u00C0-\u024F] identChar*) { return { property: name }; }

identChar = [A-Za-z0-9_.:\-\u00C0-\u024F]

reserved = (AND / OR / NOT / LIKE / ILIKE / BETWEEN / IN / IS / NULL / TRUE / FALSE) !identChar

string = "'" chars:("''" { return "'"; } / "\\'" { return "'"; } / [^']) * "'" { return chars.join(''); }

number = text:$([+-]? ([0-9]+ ("." [0-9]*)? / "." [0-9]+) ([eE] [+-]? [0-9]+)?) { return Number(text); }

booleanLiteral = TRUE { return true; } / FALSE { return false; }

// --- WKT and BBOX literals as GeoJSON geometries (CQL2 JSON's form) ---

bbox = "BBOX"i _ "(" _ head:number tail:(_ "," _ n:number { return n; })* _ ")" { return { bbox: [head, ...tail] }; }

geometryLiteral
  = "POINT"i z _ c:pointText { return { type: 'Point', coordinates: c }; }
  / "LINESTRING"i z _ c:lineText { return { type: 'LineString', coordinates: c }; }
  / "POLYGON"i z _ c:polygonText { return { type: 'Polygon', coordinates: c }; }
  / "MULTIPOINT"i z _ c:multiPointText { return { type: 'MultiPoint', coordinates: c }; }
  / "MULTILINESTRING"i z _ c:multiLineText { return { type: 'MultiLineString', coordinates: c }; }
  / "MULTIPOLYGON"i z _ c:multiPolygonText { return { type: 'MultiPolygon', coordinates: c }; }
  / "GEOMETRYCOLLECTION"i z _ c:collectionText { return { type: 'GeometryCollection', geometries: c }; }

z = (ws "Z"i !identChar)?

position = x:number ws y:number zc:(ws n:number { return n; })? { return zc === null ? [x, y] : [x, y, zc]; }

pointText = "(" _ p:position _ ")" { return p; }

lineText = "(" _ head:position tail:(_ "," _ p:position { return p; })* _ ")" { return [head, ...tail]; }

polygonText = "(" _ head:lineText tail:(_ "," _ l:lineText { return l; })* _ ")" { return [head, ...tail]; }

// MULTIPOINT((1 2), (3 4)) and MULTIPOINT(1 2, 3 4) are both in use.
multiPointText
  = "(" _ head:pointText tail:(_ "," _ p:pointText { return p; })* _ ")" { return [head, ...tail]; }
  / lineText

multiLineText = "(" _ head:lineText tail:(_ "," _ l:lineText { return l; })* _ ")" { return [head, ...tail]; }

multiPolygonText = "(" _ head:polygonText tail:(_ "," _ p:polygonText { return p; })* _ ")" { return [head, ...tail]; }

collectionText = "(" _ head:geometryLiteral tail:(_ "," _ g:geometryLiteral { return g; })* _ ")" { return [head, ...tail]; }

// --- keywords and spaces ---

AND = "AND"i !identChar
OR = "OR"i !identChar
NOT = "NOT"i !identChar
LIKE = "LIKE"i !identChar { return 'like'; }
ILIKE = "ILIKE"i !identChar { return 'ilike'; }
BETWEEN = "BETWEEN"i !identChar
IN = "IN"i !identChar
IS = "IS"i !identChar
NULL = "NULL"i !identChar
TRUE = "TRUE"i !identChar
FALSE = "FALSE"i !identChar
DATE = "DATE"i !identChar
TIMESTAMP = "TIMESTAMP"i !identChar

_ "whitespace" = [ \t\r\n]*
ws "whitespace" = [ \t\r\n]+
`;
