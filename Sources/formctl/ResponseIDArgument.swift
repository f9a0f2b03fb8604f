import ArgumentParser

/// A response id on the command line: a whole number from 1.
struct ResponseIDArgument: ParsableArguments {
    @Argument(help: ArgumentHelp("The response's id (formctl responses lists them).", valueName: "id"))
    var id: Int64

    func validate() throws {
        if id < 1 { throw ValidationError("Response ids are whole numbers from 1, not \(id).") }
    }
}
