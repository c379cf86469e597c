//! A game command's arguments as the command line holds them: the cast every ruleset shares, and
//! the matches its ruleset's own flag types are read from.

use super::*;

/// A game command's flags as clap matched them: each ruleset declares its own (an `Args` type
/// in its folder), and its handler reads them back out of these matches.
#[derive(Debug, Clone, Default)]
pub struct Flags(pub clap::ArgMatches);

impl clap::FromArgMatches for Flags {
    fn from_arg_matches(matches: &clap::ArgMatches) -> Result<Self, clap::Error> {
        Ok(Flags(matches.clone()))
    }

    fn update_from_arg_matches(&mut self, matches: &clap::ArgMatches) -> Result<(), clap::Error> {
        self.0 = matches.clone();
        Ok(())
    }
}

// The ruleset's declaration adds the arguments, once the ruleset is known.
impl Args for Flags {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        cmd
    }
}

// Sides and combatants, inline or from a roster file.
#[derive(Debug, Clone, Default, Args)]
pub struct Cast {
    /// Combatants: NAME[:KEY[=VALUE],...], e.g. Ansel or Orc:count=3,side=monsters (without
    /// side=, on the first side)
    #[arg(value_name = "COMBATANT")]
    pub combatants: Vec<String>,

    /// A side, in order: NAME[:KEY[=VALUE],...] (repeatable; default: party and monsters)
    #[arg(long = "side", value_name = "SPEC")]
    pub sides: Vec<String>,

    /// Sides and combatants from a YAML file ('-' reads standard input; repeatable, combined)
    #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
    pub roster: Vec<PathBuf>,

    /// Print a commented roster template for this ruleset and command
    #[arg(long)]
    pub roster_example: bool,
}

impl Cast {
    /// The cast's flags among the matches of a command that declares them, read in place (clap's
    /// own reading would copy every match of the command first).
    pub fn of(matches: &clap::ArgMatches) -> Cast {
        fn many<T: Clone + Send + Sync + 'static>(matches: &clap::ArgMatches, id: &str) -> Vec<T> {
            matches.try_get_many::<T>(id).ok().flatten().into_iter().flatten().cloned().collect()
        }
        Cast {
            combatants: many(matches, "combatants"),
            sides: many(matches, "sides"),
            roster: many(matches, "roster"),
            roster_example: matches.try_get_one::<bool>("roster_example").ok().flatten() == Some(&true),
        }
    }

    /// These flags, given earlier on the line, and `after` them: sides and rosters in the order
    /// given.
    pub fn then(self, after: Cast) -> Cast {
        let Cast { mut combatants, mut sides, mut roster, roster_example } = self;
        combatants.extend(after.combatants);
        sides.extend(after.sides);
        roster.extend(after.roster);
        Cast { combatants, sides, roster, roster_example: roster_example || after.roster_example }
    }
}
