import Testing
@testable import FormStore

@Test func placeholder() { #expect(true) }
