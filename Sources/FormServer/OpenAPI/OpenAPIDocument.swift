/// The OpenAPI 3.1 document of `formctl serve`'s HTTP interface, served at
/// `/openapi.json`: every route, its parameters and bodies, the error body
/// and the statuses (`HTTPStatusTable`; a test holds the two together).
enum OpenAPIDocument {
    /// The document as JSON text.
    static let json = #"""
{
  "openapi": "3.1.0",
  "info": {
    "title": "formctl serve",
    "version": "1",
    "summary": "A form kept in SQLite, live in browsers and as a JSON API.",
    "description": "Each route is one FormKit operation, answered in the shape the matching CLI command prints with --json. Errors answer {\"error\": CODE, \"message\": TEXT} with the CLI's message. Every request needs an allowed Host (else 421) and, when the server has a token, the token (else 401); writes with a foreign Origin get 403. See docs/serve.md."
  },
  "servers": [{"url": "http://127.0.0.1:8080"}],
  "security": [{}, {"bearer": []}, {"cookie": []}],
  "paths": {
    "/": {
      "get": {
        "summary": "The form's page (HTML). With ?token=T: sets the token's cookie and redirects to / (303).",
        "parameters": [
          {"name": "token", "in": "query", "required": false, "schema": {"type": "string"}, "description": "The server's token, as the URL formctl serve printed gives it."},
          {"$ref": "#/components/parameters/page"}
        ],
        "responses": {
          "200": {"description": "The page.", "content": {"text/html": {"schema": {"type": "string"}}}},
          "303": {"description": "The token was right: Set-Cookie formctl_token, Location /.", "headers": {"Set-Cookie": {"schema": {"type": "string"}}, "Location": {"schema": {"type": "string"}}}},
          "401": {"$ref": "#/components/responses/unauthorized"},
          "421": {"$ref": "#/components/responses/unknownHost"}
        }
      }
    },
    "/api/fields": {
      "get": {
        "summary": "Every field, in form order (formctl fields --json); only page K's with ?page=K.",
        "parameters": [{"$ref": "#/components/parameters/page"}],
        "responses": {
          "200": {"description": "The fields.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/FieldListing"}}}}},
          "401": {"$ref": "#/components/responses/unauthorized"},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      }
    },
    "/api/fields/{key}": {
      "parameters": [{"name": "key", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The field's key."}],
      "get": {
        "summary": "One field (formctl get KEY --json).",
        "responses": {
          "200": {"description": "The field.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Field"}}}},
          "401": {"$ref": "#/components/responses/unauthorized"},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      },
      "put": {
        "summary": "Sets the field's value (formctl set KEY VALUE), one history row per write, and answers the field as it now is.",
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ValueChange"}}}},
        "responses": {
          "200": {"description": "The field with its new value, state and colour.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Field"}}}},
          "400": {"$ref": "#/components/responses/malformedJSON"},
          "401": {"$ref": "#/components/responses/unauthorized"},
          "403": {"$ref": "#/components/responses/forbidden"},
          "404": {"$ref": "#/components/responses/notFound"},
          "413": {"$ref": "#/components/responses/bodyTooLarge"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "422": {"$ref": "#/components/responses/refused"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      }
    },
    "/api/minimap": {
      "get": {
        "summary": "The minimap's rectangles (formctl minimap --format json): the selected page's, or page K's with ?page=K.",
        "parameters": [{"$ref": "#/components/parameters/page"}],
        "responses": {
          "200": {"description": "The canvas size and the rectangles.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Minimap"}}}},
          "401": {"$ref": "#/components/responses/unauthorized"},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      }
    },
    "/api/minimap.svg": {
      "get": {
        "summary": "The form and its minimap side by side as SVG (formctl minimap --format svg).",
        "parameters": [{"$ref": "#/components/parameters/page"}],
        "responses": {
          "200": {"description": "The picture.", "content": {"image/svg+xml": {"schema": {"type": "string"}}}},
          "401": {"$ref": "#/components/responses/unauthorized"},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      }
    },
    "/api/submit": {
      "post": {
        "summary": "Stores the form's values as a response and clears them (formctl submit); {\"draft\": true} stores a draft without check.",
        "requestBody": {"required": false, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SubmitRequest"}}}},
        "responses": {
          "201": {"description": "The stored response.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Submitted"}}}},
          "400": {"$ref": "#/components/responses/malformedJSON"},
          "401": {"$ref": "#/components/responses/unauthorized"},
          "403": {"$ref": "#/components/responses/forbidden"},
          "409": {"description": "A shown field does not pass: the body is what formctl check --json prints, and nothing is stored.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/CheckProblem"}}}}},
          "413": {"$ref": "#/components/responses/bodyTooLarge"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      }
    },
    "/api/events": {
      "get": {
        "summary": "Server-Sent Events: one `change` event per changed field value, `refresh` for anything else. Each event has a monotonic id; reconnecting with Last-Event-ID sends what was missed, or one refresh.",
        "parameters": [
          {"$ref": "#/components/parameters/page"},
          {"name": "Last-Event-ID", "in": "header", "required": false, "schema": {"type": "integer"}, "description": "The id of the last event seen (an EventSource sends it when it reconnects)."}
        ],
        "responses": {
          "200": {
            "description": "The stream: `id: N`, `event: change` or `event: refresh`, and one `data:` line of JSON per event (ChangeEvent or RefreshEvent); a `: heartbeat` comment every 15 s.",
            "content": {"text/event-stream": {"schema": {"type": "string"}, "x-events": {"change": {"$ref": "#/components/schemas/ChangeEvent"}, "refresh": {"$ref": "#/components/schemas/RefreshEvent"}}}}
          },
          "401": {"$ref": "#/components/responses/unauthorized"},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"}
        }
      }
    },
    "/openapi.json": {
      "get": {
        "summary": "This document.",
        "responses": {
          "200": {"description": "The OpenAPI document.", "content": {"application/json": {"schema": {"type": "object"}}}},
          "401": {"$ref": "#/components/responses/unauthorized"},
          "421": {"$ref": "#/components/responses/unknownHost"}
        }
      }
    }
  },
  "components": {
    "securitySchemes": {
      "bearer": {"type": "http", "scheme": "bearer", "description": "The token given with --token or printed by --generate-token."},
      "cookie": {"type": "apiKey", "in": "cookie", "name": "formctl_token", "description": "Set by a GET /?token=T visit."}
    },
    "parameters": {
      "page": {"name": "page", "in": "query", "required": false, "schema": {"type": "string"}, "description": "A page's key: that page only (choosing a page writes nothing). Unknown: 404."}
    },
    "responses": {
      "malformedJSON": {"description": "400: the body is not the JSON the route takes (malformedJSON).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "unauthorized": {"description": "401: no token, or the wrong one (unauthorized); WWW-Authenticate: Bearer.", "headers": {"WWW-Authenticate": {"schema": {"type": "string", "const": "Bearer"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "forbidden": {"description": "403: a write with a foreign Origin (foreignOrigin), or a database the server may not write (readOnly).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "notFound": {"description": "404: no such field or page (fieldNotFound, unknownName), or no such route (notFound).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "bodyTooLarge": {"description": "413: the body is over the server's limit (bodyTooLarge; 1 MiB unless --body-limit says otherwise).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "unknownHost": {"description": "421: the Host is not one the server answers to (unknownHost).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "refused": {"description": "422: the value is refused, as formctl set refuses it: NUL, invalid UTF-8, out of range (invalidValue, outOfRange).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "busy": {"description": "503: another program held the database's write lock for longer than 5 s (busy); retry after Retry-After seconds.", "headers": {"Retry-After": {"schema": {"type": "integer"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    },
    "schemas": {
      "Error": {
        "type": "object",
        "required": ["error", "message"],
        "properties": {
          "error": {"type": "string", "description": "FormKit's error code (fieldNotFound, unknownName, invalidValue, outOfRange, conflict, checkFailed, badFile, busy, readOnly, invalidPath, noDatabase, unusableDatabase, schemaTooNew, internalError) or the server's own (malformedJSON, unauthorized, foreignOrigin, notFound, bodyTooLarge, unknownHost)."},
          "message": {"type": "string", "description": "What happened and what to do, as the CLI prints it."}
        }
      },
      "Field": {
        "type": "object",
        "required": ["key", "type", "value", "state", "color", "length", "visible", "shown"],
        "properties": {
          "key": {"type": "string"},
          "type": {"$ref": "#/components/schemas/FieldType"},
          "value": {"$ref": "#/components/schemas/TypedValue"},
          "state": {"$ref": "#/components/schemas/State"},
          "color": {"$ref": "#/components/schemas/Color"},
          "length": {"type": "integer", "description": "The value's length in the field's length unit."},
          "visible": {"type": "boolean", "description": "The stored flag."},
          "shown": {"type": "boolean", "description": "Visible, and its showIf condition holding."}
        }
      },
      "FieldListing": {
        "type": "object",
        "required": ["key", "label", "type", "value", "state", "color", "length", "page", "row", "position", "visible", "shown", "rules", "showIf", "hint"],
        "properties": {
          "key": {"type": "string"},
          "label": {"type": "string"},
          "type": {"$ref": "#/components/schemas/FieldType"},
          "value": {"$ref": "#/components/schemas/TypedValue"},
          "hint": {"type": ["string", "null"], "description": "Help text under the label."},
          "state": {"$ref": "#/components/schemas/State"},
          "color": {"$ref": "#/components/schemas/Color"},
          "length": {"type": "integer"},
          "page": {"type": "string"},
          "row": {"type": "integer"},
          "position": {"type": "integer"},
          "visible": {"type": "boolean"},
          "shown": {"type": "boolean"},
          "rules": {"type": "object", "description": "required, minLength, maxLength, pattern, email, shortBelow, message, lengthUnit, and for a typed field type, lowerBound, upperBound, step, choices, minSelected, maxSelected, as formctl fields --json prints them."},
          "showIf": {"oneOf": [{"type": "null"}, {"$ref": "#/components/schemas/Condition"}]}
        }
      },
      "Condition": {
        "description": "When a field is shown (docs/form-files.md, show_if): a comparison on one field (field with one of equals, filled, in, includes, at_least, at_most; values as the canonical text formctl stores), or all, any or not of conditions. A field that is not shown reads as empty.",
        "type": "object",
        "minProperties": 1,
        "properties": {
          "field": {"type": "string"},
          "equals": {"type": "string"},
          "filled": {"const": true},
          "in": {"type": "array", "items": {"type": "string"}},
          "includes": {"type": "string"},
          "at_least": {"type": "string"},
          "at_most": {"type": "string"},
          "all": {"type": "array", "items": {"$ref": "#/components/schemas/Condition"}},
          "any": {"type": "array", "items": {"$ref": "#/components/schemas/Condition"}},
          "not": {"$ref": "#/components/schemas/Condition"}
        }
      },
      "ValueChange": {
        "type": "object",
        "required": ["value"],
        "properties": {"value": {"$ref": "#/components/schemas/TypedValue", "description": "The new value, as the text formctl set takes or of the field's JSON type; the CLI's limits and refusals apply (no NUL)."}}
      },
      "FieldType": {"enum": ["text", "long_text", "integer", "decimal", "select_one", "select_multiple", "boolean", "date", "time", "datetime"]},
      "TypedValue": {
        "description": "A value of the field's JSON type: integer and decimal as numbers, boolean as true or false, select_multiple as an array of choice values, the others as strings; null for an empty typed field; a stored value that does not parse as its type as the string stored.",
        "type": ["string", "number", "boolean", "array", "null"],
        "items": {"type": "string"}
      },
      "SubmitRequest": {
        "type": "object",
        "properties": {"draft": {"type": "boolean", "description": "Store a draft: no check, status draft."}}
      },
      "Submitted": {
        "type": "object",
        "required": ["id", "status"],
        "properties": {"id": {"type": "integer"}, "status": {"type": "string", "enum": ["complete", "draft"]}}
      },
      "CheckProblem": {
        "type": "object",
        "required": ["key", "state", "reason"],
        "properties": {"key": {"type": "string"}, "page": {"type": "string"}, "state": {"$ref": "#/components/schemas/State"}, "reason": {"type": "string"}}
      },
      "MinimapRect": {
        "type": "object",
        "required": ["z", "key", "kind", "color", "x", "y", "width", "height"],
        "properties": {
          "z": {"type": "integer", "description": "Drawing order, 0 at the back."},
          "key": {"type": "string", "description": "The field's key, or title."},
          "kind": {"type": "string", "enum": ["title", "field", "fieldContainer"]},
          "color": {"$ref": "#/components/schemas/Color"},
          "x": {"type": "number"}, "y": {"type": "number"}, "width": {"type": "number"}, "height": {"type": "number"}
        }
      },
      "Minimap": {
        "type": "object",
        "required": ["width", "height", "rects"],
        "properties": {"width": {"type": "number"}, "height": {"type": "number"}, "rects": {"type": "array", "items": {"$ref": "#/components/schemas/MinimapRect"}}}
      },
      "ChangeEvent": {
        "type": "object",
        "description": "event: change. One per changed field value; rects are the minimap rectangles of the client's page that are new, moved or recoloured.",
        "required": ["id", "key", "value", "state", "color", "shown", "title", "rects"],
        "properties": {
          "id": {"type": "integer"},
          "key": {"type": "string"},
          "value": {"type": "string"},
          "state": {"$ref": "#/components/schemas/State"},
          "color": {"$ref": "#/components/schemas/Color"},
          "shown": {"type": "boolean"},
          "title": {"type": "string"},
          "rects": {"type": "array", "items": {"$ref": "#/components/schemas/MinimapRect"}}
        }
      },
      "RefreshEvent": {
        "type": "object",
        "description": "event: refresh. Read /api/fields, /api/minimap and the title again (or reload the page).",
        "required": ["id", "reason"],
        "properties": {"id": {"type": "integer"}, "reason": {"type": "string"}}
      },
      "State": {"type": "string", "enum": ["empty", "short", "valid", "invalid"]},
      "Color": {"type": "string", "enum": ["red", "yellow", "green", "orange", "purple", "gray"]}
    }
  }
}
"""#
}
