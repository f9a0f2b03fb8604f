// FormKit's API speaks the model's language (`Field`, `FormRow`,
// `FieldRules`, `ValidationState`), names picture formats with the
// renderers' `RenderFormat`, draws the editor's screen as the renderers'
// `CellGrid` (`EditorFrame.grid`), draws a summary's charts as `BarChart`s, and returns the store's `HistoryEntry`,
// `ValuesUpdate` and `FormStoreError` (with the `HeldValue`s `apply`
// lists), the responses' `ResponseFilter`, `StoredResponse` and
// `ResponseStamp`, and `DraftStore`, which a store of drafts apart from
// the file (FormPostgres) implements. They are re-exported so that a client (the formctl CLI) imports
// FormKit alone and never sees the store's `FormDatabase`.
// `CellDiff` goes with `CellGrid`: it is how a terminal front end puts one
// grid on the screen after another, writing only the cells that changed.
@_exported import FormModel
@_exported import enum FormRender.RenderFormat
@_exported import struct FormRender.CellGrid
@_exported import struct FormRender.BarChart
@_exported import enum FormRender.CellDiff
@_exported import struct FormStore.HistoryEntry
@_exported import enum FormStore.FormStoreError
@_exported import struct FormStore.ValuesUpdate
@_exported import struct FormStore.HeldValue
@_exported import struct FormStore.ResponseFilter
@_exported import struct FormStore.StoredResponse
@_exported import struct FormStore.ResponseStamp
@_exported import struct FormStore.RespondentColumns
@_exported import struct FormStore.ReadVersion
@_exported import struct FormStore.DraftLimits
@_exported import protocol FormStore.DraftStore
@_exported import struct FormStore.ResponseStoreFailure
@_exported import class FormScreens.RetainedFormPicture
