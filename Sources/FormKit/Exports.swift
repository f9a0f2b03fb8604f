// FormKit's API speaks the model's language (`Field`, `FormRow`,
// `FieldRules`, `ValidationState`), names picture formats with the
// renderers' `RenderFormat` and returns the store's `HistoryEntry` and
// `FormStoreError`. They are re-exported so that a client (the formctl CLI)
// imports FormKit alone and never sees the store's `FormDatabase`.
@_exported import FormModel
@_exported import enum FormRender.RenderFormat
@_exported import struct FormStore.HistoryEntry
@_exported import enum FormStore.FormStoreError
