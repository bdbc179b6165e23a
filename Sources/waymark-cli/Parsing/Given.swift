import ArgumentParser

/// One occurrence of a value option, its value parsed where the option is declared,
/// with the option's name for the messages that refer to it.
///
/// Value options are declared as arrays of `Given` taking one word per occurrence,
/// unconditionally: the next word is the value whatever it looks like
/// (`--origin -33.9,151.2`). More than one occurrence is refused (``refuseRepeats(in:)``,
/// exit 64): one value per option keeps a command line unambiguous, where ArgumentParser
/// would let the last one win silently.
struct Given<Value: Sendable>: Sendable, GivenValue {
    let name: String
    let value: Value

    /// The transform of an option named `name` (without the dashes): `convert` checks the
    /// word and says what is wrong with it (a usage error, which ``WaymarkCLI`` reports as
    /// its own, unwrapped from ArgumentParser's error).
    static func parse(_ name: String, _ convert: @escaping @Sendable (String) throws(CLIError) -> Value)
        -> @Sendable (String) throws -> Given {
        { word in
            do throws(CLIError) { return Given(name: name, value: try convert(word)) } catch { throw ParseRefusal.record(error) }
        }
    }
}

/// A ``Given`` of any value type, as the repeat check sees it.
protocol GivenValue {
    associatedtype Value
    var name: String { get }
    var value: Value { get }
}

extension Array where Element: GivenValue {
    /// The option's value, nil when it was not given.
    var value: Element.Value? { first?.value }
}

/// A parsed property (an option, or a group of them) that knows the name of an option
/// given more than once.
private protocol RepeatedOption {
    var repeated: String? { get }
}

extension Array: RepeatedOption where Element: GivenValue {
    fileprivate var repeated: String? { count > 1 ? self[1].name : nil }
}

extension Option: RepeatedOption where Value: RepeatedOption {
    fileprivate var repeated: String? { wrappedValue.repeated }
}

extension OptionGroup: RepeatedOption where Value: ParsableArguments {
    fileprivate var repeated: String? { repeatedOption(in: wrappedValue) }
}

/// The first option of `arguments` (its groups included, in declaration order) given
/// more than once.
private func repeatedOption(in arguments: some ParsableArguments) -> String? {
    Mirror(reflecting: arguments).children.lazy.compactMap { ($0.value as? RepeatedOption)?.repeated }.first
}

/// Refuses a value option given twice (exit 64, ArgumentParser's usage error).
func refuseRepeats(in arguments: some ParsableArguments) throws(CLIError) {
    if let name = repeatedOption(in: arguments) { throw .usage("option --\(name) given twice") }
}

/// The first usage error a ``Given`` transform threw while
/// ArgumentParser read the command line: ArgumentParser wraps such errors in its own
/// (internal) types, and ``WaymarkCLI`` reports this one in Waymark's words instead.
/// The CLI reads its command line once, on the main thread, before anything else runs.
enum ParseRefusal {
    nonisolated(unsafe) private static var first: CLIError?

    /// Records `error` (when it is the first) and returns it, for `throw`.
    static func record(_ error: CLIError) -> CLIError {
        if first == nil { first = error }
        return error
    }

    /// The first recorded refusal, if any.
    static var recorded: CLIError? { first }
}
