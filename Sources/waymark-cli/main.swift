// `waymark`: ArgumentParser reads the command line once (Parsing/), then the
// command's body runs (Commands/, and the command files beside this one).
WaymarkCLI.run(Array(CommandLine.arguments.dropFirst()))
