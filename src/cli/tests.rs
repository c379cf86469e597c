use super::*;

#[test]
fn verify_cli() {
    command().debug_assert();
}

#[test]
fn a_command_alone_parses_and_helps_as_in_the_whole_command_line() {
    for name in
        ["surprise", "distance", "initiative", "reaction", "pursue", "encounter", "wandering", "morale", "completions"]
    {
        for flag in ["-h", "--help"] {
            let help = |cmd: clap::Command| cmd.try_get_matches_from(["fray", name, flag]).unwrap_err().to_string();
            assert_eq!(help(command_of(name)), help(command()), "{name} {flag}");
        }
        command_of(name).debug_assert();
    }
    let version = |cmd: clap::Command| cmd.try_get_matches_from(["fray", "reaction", "-V"]).unwrap_err().to_string();
    assert_eq!(version(command_of("reaction")), version(command()));
}
