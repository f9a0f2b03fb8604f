/// Compares a secret with a guess in time that depends on the secret's
/// length only, never on how many leading bytes the guess got right, so
/// that timing the answers cannot reveal the token byte by byte.
enum ConstantTimeComparison {
    /// Whether `guess` equals `secret`. Every byte of `secret` is looked at
    /// whatever `guess` holds; a guess of another length fails without
    /// stopping early.
    static func equal(_ guess: some Collection<UInt8>, _ secret: [UInt8]) -> Bool {
        let guess = Array(guess)
        var difference: UInt8 = guess.count == secret.count ? 0 : 1
        for index in secret.indices {
            // Past a short guess's end, compare with 0: the length check
            // above has already failed it, and the loop still runs in full.
            let byte = index < guess.count ? guess[index] : 0
            difference |= byte ^ secret[index]
        }
        return difference == 0
    }
}
