@testable import FormServer
import FormKit
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

/// The plain form post saves its values in one transaction, through the
/// database's threads, refusing what it refused value by value before.
@Suite struct PagePostTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    @Test("a post of several values is one commit, with a history row per value")
    func severalValuesAreOneCommit() async throws {
        let server = try TestServer()
        let session = server.server.session
        let before = session.changeCount()
        let historyBefore = try session.file.history().count
        try await server.test { client in
            let response = try await client.executeRequest(
                uri: "/", method: .post, headers: Self.form,
                body: ByteBuffer(string: "page=main&field%3Afirst=Ada&field%3Amiddle=King&field%3Alast=Lovelace&action=save"))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/?page=main")
        }
        // The session counts each commit of its writer as it happens.
        #expect(session.changeCount() == before + 1)
        #expect(try session.file.field("first").value == "Ada")
        #expect(try session.file.field("middle").value == "King")
        #expect(try session.file.field("last").value == "Lovelace")
        let added = try session.file.history().dropFirst(historyBefore)
        #expect(added.map(\.key) == ["first", "middle", "last"])
        // Posting the same values again writes nothing.
        try await server.test { client in
            _ = try await client.executeRequest(
                uri: "/", method: .post, headers: Self.form,
                body: ByteBuffer(string: "page=main&field%3Afirst=Ada&field%3Amiddle=King&field%3Alast=Lovelace&action=save"))
        }
        #expect(session.changeCount() == before + 1)
    }

    @Test("refused values are named, in the order posted, and the others saved in one commit")
    func refusedValuesAreLeftOut() async throws {
        let server = try TestServer()
        let session = server.server.session
        let before = session.changeCount()
        try await server.test { client in
            let response = try await client.executeRequest(
                uri: "/", method: .post, headers: Self.form,
                body: ByteBuffer(string: "page=main&field%3Afirst=Ada&field%3Alast=%00&field%3Anosuch=x&field%3Amiddle=%FF&field%3Aemail=a%40b.org&action=submit"))
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/?page=main&notsaved=last,nosuch,middle&error=invalidValue")
            // A field that is gone is named with its own code when it comes first.
            let gone = try await client.executeRequest(uri: "/", method: .post, headers: Self.form,
                                                       body: ByteBuffer(string: "field%3Anosuch=x&field%3Afirst=Ann&action=save"))
            #expect(gone.headers[.location] == "/?notsaved=nosuch&error=unknownName")
        }
        #expect(try session.file.field("first").value == "Ann")
        #expect(try session.file.field("email").value == "a@b.org")
        #expect(try session.file.field("last").value == "")
        #expect(try session.file.responses().isEmpty)
        #expect(session.changeCount() == before + 2)
    }

    @Test("a read-only database names every value posted, with readOnly")
    func readOnlyNamesEveryValue() async throws {
        let server = try TestServer()
        let path = server.databasePath
        server.server.session.close()
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: path)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: path) }
        // Root writes whatever the permission bits say.
        guard access(path, W_OK) != 0 else { return }
        let readOnly = try FormServer(configuration: ServerConfiguration(port: 0, databasePath: path))
        let app = Application(router: readOnly.router())
        try await app.test(.router) { client in
            let response = try await client.executeRequest(uri: "/", method: .post, headers: Self.form,
                                                           body: ByteBuffer(string: "field%3Afirst=Ada&field%3Alast=L&action=save"))
            #expect(response.headers[.location] == "/?notsaved=first,last&error=readOnly")
        }
    }
}
