import Testing
@testable import FormRender

@Test func placeholder() { #expect(true) }
