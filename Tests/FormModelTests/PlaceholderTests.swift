import Testing
@testable import FormModel

@Test func placeholder() { #expect(true) }
