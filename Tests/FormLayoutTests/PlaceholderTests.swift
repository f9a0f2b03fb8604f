import Testing
@testable import FormLayout

@Test func placeholder() { #expect(true) }
