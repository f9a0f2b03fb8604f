import FormKit

/// One event of the change feed (`GET /api/events`), as the SSE contract
/// in docs/serve.md gives it: a field's new value, "read everything
/// again", or "the responses changed".
struct FeedEvent: Sendable, Equatable {
    /// Monotonic from 1 for the server's life: a reconnecting client sends
    /// the last it saw as `Last-Event-ID`.
    let id: Int
    /// What happened.
    let kind: Kind

    enum Kind: Sendable, Equatable {
        /// One field's value changed.
        case change(FieldChange)
        /// Something not told as field changes: the client reads its state
        /// again (`/api/fields`, `/api/minimap`, the title) or the page.
        case refresh(reason: String)
        /// A response was submitted, submitted again or deleted: `count`
        /// complete responses now (the owner's summary page draws itself
        /// again).
        case responses(count: Int)
    }

    /// The event as the stream writes it for a client watching `page`
    /// (nil: the selected page): `id`, `event` and one `data` line, then a
    /// blank line. A change whose rectangles were not kept for that page
    /// is written as a refresh with the same id.
    func text(forPage page: String?) -> String {
        let name: String
        let data: String
        switch kind {
        case .change(let change):
            if let rects = change.rects[page] {
                name = "change"
                data = Self.json(ChangeData(id: id, change: change, rects: rects))
            } else {
                name = "refresh"
                data = Self.json(RefreshData(id: id, reason: "this page's rectangles were not kept for this change"))
            }
        case .refresh(let reason):
            name = "refresh"
            data = Self.json(RefreshData(id: id, reason: reason))
        case .responses(let count):
            name = "responses"
            data = Self.json(ResponsesData(id: id, responses: count))
        }
        return "id: \(id)\nevent: \(name)\ndata: \(data)\n\n"
    }

    /// JSON on one line: the encoder escapes every line break inside a
    /// string, so a value holding one cannot end the `data` line or forge
    /// another event. The newline `JSONText` ends with is dropped.
    private static func json(_ value: some Encodable) -> String {
        let text = (try? JSONText.encode(value)) ?? "{}"
        return text.hasSuffix("\n") ? String(text.dropLast()) : text
    }

    /// `event: change`'s data.
    private struct ChangeData: Encodable {
        let id: Int, key: String, value: String, state: String, color: String, shown: Bool, title: String
        let rects: [MinimapRect]

        init(id: Int, change: FieldChange, rects: [MinimapRect]) {
            self.id = id
            key = change.key
            value = change.value
            state = change.state
            color = change.color
            shown = change.shown
            title = change.title
            self.rects = rects
        }
    }

    /// `event: refresh`'s data.
    private struct RefreshData: Encodable {
        let id: Int, reason: String
    }

    /// `event: responses`'s data.
    private struct ResponsesData: Encodable {
        let id: Int, responses: Int
    }
}

/// A field's new value with what it changed: its state and colour, the
/// title, and the minimap's rectangles that are new, moved or recoloured,
/// for each page watched when it happened (nil: the selected page).
struct FieldChange: Sendable, Equatable {
    let key: String, value: String, state: String, color: String, shown: Bool, title: String
    var rects: [String?: [MinimapRect]]
}
