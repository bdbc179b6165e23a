// `waymark`: ArgumentParser reads the command line once (Parsing/), then the
// command's body runs (Commands/), reading its input (Input/) and writing rows or
// reports (Output/, Reports/).
exitProcess(WaymarkCLI.run(Array(CommandLine.arguments.dropFirst())))
