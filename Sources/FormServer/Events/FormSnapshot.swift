import FormKit
import Foundation

/// What the change feed last read of the form: each field's value, state,
/// colour and whether it is shown, the title, the minimap's rectangles of
/// each page a client watches, and the form's structure. The next
/// snapshot, compared with it, says which events to send (`changes(to:)`).
struct FormSnapshot: Sendable {
    /// A field as events tell it.
    struct FieldState: Sendable, Equatable {
        let value: String, state: String, color: String, shown: Bool
    }

    /// Everything but values: pages, rows, fields' places, labels and
    /// rules, the title's template, the selection. When it changes, clients
    /// read the form again.
    struct Structure: Sendable, Equatable {
        struct FieldShape: Sendable, Equatable {
            let key: String, label: String, row: Int, position: Int, isVisible: Bool
            let rules: FieldRules, showIf: ShowCondition?
        }

        let titleTemplate: String, rows: [FormRow], pages: [FormPage], selectedPage: String?
        let tabBar: TabBarSettings, minimapWidth: Double, fields: [FieldShape]
    }

    /// A rectangle's identity in the minimap: its kind and key.
    struct RectID: Hashable, Sendable {
        let kind: MinimapRect.Kind, key: String
    }

    let structure: Structure
    /// Field keys in form order.
    let order: [String]
    let fields: [String: FieldState]
    let title: String
    /// The rectangles of each watched page (nil: the selected page).
    var rects: [String?: [RectID: MinimapRect]]
    /// The complete responses' stamp (nil: not read, a respondent's form).
    var responses: ResponseStamp?

    /// Reads `file`'s form, and the minimap of each of `pages` (those named
    /// by key from `minimaps`, kept between readings). A page that no longer
    /// exists is left out (the structure says it changed).
    static func read(_ file: StoredForm, pages: Set<String?>, minimaps: PageMinimaps) throws(FormKitError) -> FormSnapshot {
        // The selected page's rectangles are the stored ones, read with the
        // values in one transaction: read apart, a set committed between
        // the two reads paired old values with new rectangles, and the next
        // reading sent a refresh and a change for one set.
        let (form, stored): (FormDefinition, [MinimapRect]?)
        if pages.contains(nil) {
            (form, stored) = try file.formWithStoredMinimap()
        } else {
            (form, stored) = (try file.editableForm(), nil)
        }
        var snapshot = snapshot(of: form, stored: stored, pages: pages, minimaps: minimaps)
        snapshot.responses = try file.responseStamp()
        return snapshot
    }

    /// A respondent's form (`--collect`): its fields and the rectangles of
    /// `page` (nil: the page the form shows, kept under nil), laid out by
    /// `minimaps`. A page that does not exist has no rectangles.
    static func respondent(_ form: FormDefinition, page: String?, minimaps: PageMinimaps) -> FormSnapshot {
        var snapshot = snapshot(of: form, stored: nil, pages: [], minimaps: minimaps)
        let key: String?
        if let page {
            key = page
        } else if case .page(let selected) = PageSelection(of: form) {
            key = selected
        } else {
            key = form.pages.first?.key
        }
        if let key, form.page(key) != nil { snapshot.rects[page] = minimaps.rects(of: form, page: key) }
        return snapshot
    }

    /// `form`'s snapshot with the minimaps of `pages`: the selected page's
    /// from `stored` (nil: left out), the others from `minimaps`.
    private static func snapshot(of form: FormDefinition, stored: [MinimapRect]?, pages: Set<String?>,
                                 minimaps: PageMinimaps) -> FormSnapshot {
        var fields: [String: FieldState] = [:]
        fields.reserveCapacity(form.fields.count)
        for (field, shown) in zip(form.fields, form.shownFlags) {
            fields[field.key] = FieldState(value: field.value, state: field.state.rawValue,
                                           color: field.state.color.rawValue, shown: shown)
        }
        var rects: [String?: [RectID: MinimapRect]] = [:]
        minimaps.keep(only: pages)
        for page in pages {
            if let page {
                if form.page(page) != nil { rects[page] = minimaps.rects(of: form, page: page) }
                continue
            }
            if let stored { rects[page] = keyed(stored) }
        }
        let structure = Structure(
            titleTemplate: form.titleTemplate, rows: form.rows, pages: form.pages, selectedPage: form.selectedPage,
            tabBar: form.tabBar, minimapWidth: form.minimapWidth,
            fields: form.fields.map {
                Structure.FieldShape(key: $0.key, label: $0.label, row: $0.row, position: $0.position,
                                     isVisible: $0.isVisible, rules: $0.rules, showIf: $0.showIf)
            })
        return FormSnapshot(structure: structure, order: form.fields.map(\.key), fields: fields, title: form.title, rects: rects)
    }

    /// Page `page`'s minimap rectangles, as `GET /api/minimap?page=` lists
    /// them; throws `unknownName` for a page the form does not have.
    static func minimap(of file: StoredForm, page: String?) throws(FormKitError) -> [RectID: MinimapRect] {
        guard let page else { return keyed(try file.formWithStoredMinimap().minimap) }
        struct Minimap: Decodable { let rects: [MinimapRect] }
        let text = try file.minimap(format: .json, page: page)
        let minimap: Minimap
        do {
            minimap = try JSONDecoder().decode(Minimap.self, from: Data(text.utf8))
        } catch {
            throw .internalError("cannot read the minimap's JSON: \(error)")
        }
        return keyed(minimap.rects)
    }

    /// `rects` by kind and key.
    private static func keyed(_ rects: [MinimapRect]) -> [RectID: MinimapRect] {
        var keyed: [RectID: MinimapRect] = [:]
        for rect in rects { keyed[RectID(kind: rect.kind, key: rect.key)] = rect }
        return keyed
    }

    /// What a client that saw `self` must be told to see `next`: one
    /// change per field whose value changed, in form order, or one refresh
    /// when anything else changed (the structure, a field shown or hidden,
    /// a rectangle gone or moved with no value behind it); then one
    /// `responses` when the complete responses changed.
    ///
    /// Each change carries, for every page watched in both snapshots, the
    /// rectangles that are new, moved or recoloured: those of its own
    /// field, and the rest (the title's) with the last change.
    func changes(to next: FormSnapshot) -> [FeedEvent.Kind] {
        // Told apart from the fields' changes: a page of the form ignores
        // it, the summary page draws itself again.
        let responses: [FeedEvent.Kind] = next.responses.map { $0 != self.responses ? [.responses(count: $0.count)] : [] } ?? []
        return fieldChanges(to: next) + responses
    }

    /// The fields' part of `changes(to:)`.
    private func fieldChanges(to next: FormSnapshot) -> [FeedEvent.Kind] {
        if structure != next.structure { return [.refresh(reason: "the form's structure changed")] }
        var changed: [String] = []
        for key in next.order {
            guard let new = next.fields[key], let old = fields[key] else { continue }
            if new.shown != old.shown { return [.refresh(reason: "a field was shown or hidden")] }
            if new != old { changed.append(key) }
        }
        let changedKeys = Set(changed)
        var rectsByKey: [String?: [String: [MinimapRect]]] = [:]
        var others: [String?: [MinimapRect]] = [:]
        for (page, newRects) in next.rects {
            guard let oldRects = rects[page] else { continue }
            if oldRects.keys.contains(where: { newRects[$0] == nil }) {
                return [.refresh(reason: "the minimap's rectangles changed")]
            }
            var byKey: [String: [MinimapRect]] = [:]
            var rest: [MinimapRect] = []
            for (id, rect) in newRects where oldRects[id] != rect {
                if id.kind != .title, changedKeys.contains(id.key) {
                    byKey[id.key, default: []].append(rect)
                } else {
                    rest.append(rect)
                }
            }
            rectsByKey[page] = byKey
            others[page] = rest
        }
        guard let last = changed.last else {
            let moved = others.values.contains { !$0.isEmpty }
            return moved || title != next.title ? [.refresh(reason: "the minimap changed")] : []
        }
        return changed.compactMap { key in
            guard let state = next.fields[key] else { return nil }
            var rects: [String?: [MinimapRect]] = [:]
            for (page, byKey) in rectsByKey {
                let own = byKey[key] ?? []
                rects[page] = (key == last ? own + (others[page] ?? []) : own).sorted { $0.z < $1.z }
            }
            return .change(FieldChange(key: key, value: state.value, state: state.state, color: state.color,
                                       shown: state.shown, title: next.title, rects: rects))
        }
    }
}
