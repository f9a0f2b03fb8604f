import Foundation

/// The OpenAPI 3.1 document of `formctl serve`'s HTTP interface, served at
/// `/openapi.json`: every route, its parameters and bodies, the error body
/// and the statuses (`HTTPStatusTable`; a test holds the two together).
enum OpenAPIDocument {
    /// The document without the owner's routes: what a respondent gets
    /// in `--collect` mode (`/`, `/api/respond/…`, `/openapi.json`).
    static let respondentJSON: String = {
        guard let data = json.data(using: .utf8),
              var document = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any],
              let paths = document["paths"] as? [String: Any] else { return "{}\n" }
        document["paths"] = paths.filter { path, _ in path == "/" || path == "/openapi.json" || path.hasPrefix("/api/respond/") }
        guard let filtered = try? JSONSerialization.data(withJSONObject: document, options: [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]) else { return "{}\n" }
        return String(decoding: filtered, as: UTF8.self) + "\n"
    }()

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
    "/owner": {
      "get": {
        "summary": "In --collect mode: the form's shared page for its owner (as / is without --collect). Needs the token even on loopback; with ?token=T sets the token's cookie and redirects to /owner (303).",
        "parameters": [
          {"name": "token", "in": "query", "required": false, "schema": {"type": "string"}, "description": "The server's token, as the owner's link formctl serve --collect printed gives it."},
          {"$ref": "#/components/parameters/page"}
        ],
        "responses": {
          "200": {"description": "The page.", "content": {"text/html": {"schema": {"type": "string"}}}},
          "303": {"description": "The token was right: Set-Cookie formctl_token, Location /owner.", "headers": {"Set-Cookie": {"schema": {"type": "string"}}, "Location": {"schema": {"type": "string"}}}},
          "401": {"description": "No token: an HTML page saying how to sign in.", "content": {"text/html": {"schema": {"type": "string"}}}},
          "421": {"$ref": "#/components/responses/unknownHost"}
        }
      }
    },
    "/api/respond/fields": {
      "get": {
        "summary": "In --collect mode, no token: the respondent's own fields (their draft's, or the blank form's defaults), as formctl fields --json prints them; only page K's with ?page=K. Creates nothing.",
        "parameters": [{"$ref": "#/components/parameters/page"}],
        "security": [{}, {"respondent": []}],
        "responses": {
          "200": {"description": "The fields.", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/FieldListing"}}}}},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      }
    },
    "/api/respond/fields/{key}": {
      "parameters": [{"name": "key", "in": "path", "required": true, "schema": {"type": "string"}, "description": "The field's key."}],
      "get": {
        "summary": "In --collect mode: one field of the respondent's own form (formctl get KEY --json's shape). Creates nothing.",
        "security": [{}, {"respondent": []}],
        "responses": {
          "200": {"description": "The field.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Field"}}}},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      },
      "put": {
        "summary": "In --collect mode: the respondent's answer, validated as formctl set validates it; the first write without a cookie naming a draft starts a draft and sets the formctl_respondent cookie. Answers the field as it now is.",
        "security": [{}, {"respondent": []}],
        "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ValueChange"}}}},
        "responses": {
          "200": {"description": "The field after the write; Set-Cookie formctl_respondent (HttpOnly, SameSite=Lax, Max-Age the draft TTL; Secure behind HTTPS).", "headers": {"Set-Cookie": {"schema": {"type": "string"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Field"}}}},
          "400": {"$ref": "#/components/responses/malformedJSON"},
          "403": {"$ref": "#/components/responses/forbidden"},
          "404": {"$ref": "#/components/responses/notFound"},
          "409": {"$ref": "#/components/responses/alreadySubmitted"},
          "413": {"$ref": "#/components/responses/bodyTooLarge"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "422": {"$ref": "#/components/responses/refused"},
          "503": {"$ref": "#/components/responses/tooManyDrafts"},
          "507": {"$ref": "#/components/responses/diskFull"}
        }
      }
    },
    "/api/respond/minimap": {
      "get": {
        "summary": "In --collect mode: the respondent's own minimap (formctl minimap --format json's shape); page K's with ?page=K.",
        "parameters": [{"$ref": "#/components/parameters/page"}],
        "security": [{}, {"respondent": []}],
        "responses": {
          "200": {"description": "The minimap.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Minimap"}}}},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"}
        }
      }
    },
    "/api/respond/submit": {
      "post": {
        "summary": "In --collect mode: runs check on the respondent's draft (the blank form without one) and stores it as a complete response. The cookie is kept; it names no draft until the next write.",
        "security": [{}, {"respondent": []}],
        "responses": {
          "201": {"description": "Stored: {\"status\": \"complete\"}.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/RespondentSubmitted"}}}},
          "403": {"$ref": "#/components/responses/forbidden"},
          "409": {"description": "A shown field does not pass (the body is what formctl check --json prints; nothing is stored), or alreadySubmitted under --once.", "content": {"application/json": {"schema": {"oneOf": [{"type": "array", "items": {"$ref": "#/components/schemas/CheckProblem"}}, {"$ref": "#/components/schemas/Error"}]}}}},
          "421": {"$ref": "#/components/responses/unknownHost"},
          "503": {"$ref": "#/components/responses/busy"},
          "507": {"$ref": "#/components/responses/diskFull"}
        }
      }
    },
    "/api/respond/events": {
      "get": {
        "summary": "In --collect mode: Server-Sent Events of the respondent's own form only, as /api/events gives them (change and refresh events), after each of their writes. A reconnect gets one refresh.",
        "parameters": [{"$ref": "#/components/parameters/page"}],
        "security": [{}, {"respondent": []}],
        "responses": {
          "200": {"description": "The stream.", "content": {"text/event-stream": {"schema": {"type": "string"}, "x-events": {"change": {"$ref": "#/components/schemas/ChangeEvent"}, "refresh": {"$ref": "#/components/schemas/RefreshEvent"}}}}},
          "404": {"$ref": "#/components/responses/notFound"},
          "421": {"$ref": "#/components/responses/unknownHost"}
        }
      }
    },
    "/openapi.json": {
      "get": {
        "summary": "This document. In --collect mode without the token: the respondents' routes only.",
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
      "cookie": {"type": "apiKey", "in": "cookie", "name": "formctl_token", "description": "Set by a GET /?token=T visit."},
      "respondent": {"type": "apiKey", "in": "cookie", "name": "formctl_respondent", "description": "In --collect mode: a respondent's random 128-bit id (base64url), set by their first write. Only its SHA-256 is stored."}
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
      "alreadySubmitted": {"description": "409: under --once, this respondent has submitted (alreadySubmitted).", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "tooManyDrafts": {"description": "503: a new respondent's first write while --max-drafts drafts are open (tooManyDrafts), or the database is busy (busy); retry after Retry-After seconds.", "headers": {"Retry-After": {"schema": {"type": "integer"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "diskFull": {"description": "507: the disk holding the database is full (diskFull); nothing was stored.", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
      "busy": {"description": "503: another program held the database's write lock for longer than 5 s (busy); retry after Retry-After seconds.", "headers": {"Retry-After": {"schema": {"type": "integer"}}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
    },
    "schemas": {
      "Error": {
        "type": "object",
        "required": ["error", "message"],
        "properties": {
          "error": {"type": "string", "description": "FormKit's error code (fieldNotFound, unknownName, invalidValue, outOfRange, conflict, checkFailed, badFile, busy, readOnly, invalidPath, noDatabase, unusableDatabase, schemaTooNew, internalError) or the server's own (malformedJSON, unauthorized, foreignOrigin, notFound, bodyTooLarge, unknownHost, alreadySubmitted, tooManyDrafts, diskFull)."},
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
      "RespondentSubmitted": {
        "type": "object",
        "required": ["status"],
        "properties": {"status": {"const": "complete"}}
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
