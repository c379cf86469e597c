//! The command line as the registry completes it: `src/cli.rs` declares the options, and the
//! `--rules` values come from [`RULESETS`], so no list of rulesets is written anywhere else.

use super::{RULESETS, Ruleset};
use clap::builder::{PossibleValue, PossibleValuesParser};

/// The whole command line, every ruleset's flags: what the static completion scripts and the
/// commands' manual pages describe.
pub fn command() -> clap::Command {
    with_rulesets(crate::cli::command())
}

/// `--rules` takes the registry's ids and aliases, in any case, each with its title.
fn with_rulesets(cmd: clap::Command) -> clap::Command {
    let values = RULESETS.iter().map(|r| PossibleValue::new(r.id).aliases(r.aliases.iter().copied()).help(r.title));
    let others: Vec<&str> = RULESETS.iter().skip(1).map(|r| r.id).collect();
    let help = format!("Ruleset: {} (default), {}; default from FRAY_RULES", Ruleset::default().id, others.join(", "));
    let cmd = cmd.mut_arg("rules", |arg| arg.value_parser(PossibleValuesParser::new(values)).help(help));
    // `mut_arg` puts the argument last: the others follow it again, in their order.
    let later: Vec<String> = cmd.get_arguments().map(|a| a.get_id().to_string()).filter(|id| id != "rules").collect();
    later.iter().fold(cmd, |cmd, id| cmd.mut_arg(id, |arg| arg))
}
