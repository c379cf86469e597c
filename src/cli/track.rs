//! `fray track`'s arguments, its actions and their help.

use super::*;

pub const TRACK_ABOUT: &str = "\
Keeps a fight between commands: start opens it as fray encounter does (surprise where the flags \
call for it, then initiative) and saves it; next ends the current turn and starts the next, a new \
round after the last, with the ruleset's round rules applied and their dice shown. Each fight is one \
JSON file in $XDG_STATE_HOME/fray (else ~/.local/state/fray), written whole and renamed into place \
under a lock.";

/// The examples of `track` that run under any ruleset; the registry puts each ruleset's own
/// (a fight it opens) before them.
pub const TRACK_EXAMPLES: &str = "\
Examples:
  fray track --fight tour next                      end this turn, begin next
  fray t --fight tour n                             the same: t is track, n next
  fray track --fight tour show                      the round, order, who's out
  fray track --fight tour add 'Wolf:side=monsters,initiative=14'
  fray track --fight tour set Ansel initiative=17   a total rolled at the table
  fray track --fight tour -q next                   only whose turn it is now
  fray track --fight tour undo 2                    back two commands
  fray track --fight cellar delay 'Larry:after=Mitch'
  fray track --fight cellar end                     forget the fight
  fray track list                                   the fights kept";

pub const TRACK_ENV_HELP: &str = "\
Environment:
  FRAY_FIGHT       default for --fight (else default)
  XDG_STATE_HOME   where fights are kept: $XDG_STATE_HOME/fray (else ~/.local/state/fray)
  FRAY_RULES       default for --rules when a fight starts

Exit status:
  0 success, 1 a fight that is missing or a state file that cannot be read, 2 usage error";

// The fight a `track` command works on, and what it does.
#[derive(Debug, Args)]
pub struct TrackArgs {
    /// The fight to work on: letters, digits, '.', '_' and '-' (default from FRAY_FIGHT, else default)
    #[arg(long, global = true, value_name = "NAME")]
    pub fight: Option<String>,

    #[command(subcommand)]
    pub action: TrackAction,
}

// Parsed once a run, so the size of `start`'s options costs nothing.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Subcommand)]
pub enum TrackAction {
    /// Open the fight: surprise where the flags call for it, then initiative
    #[command(args_override_self = true)]
    Start(TrackStart),

    /// End the current turn and start the next; after the last, a new round
    #[command(alias = "n")]
    Next,

    /// The round, the acting order, whose turn it is, who is out of action and until when
    Show,

    /// Combatants join the fight: initiative rolled (or given: initiative=N) and placed
    Add {
        // The brackets are the help's notation for what may be left out, not links.
        #[allow(rustdoc::broken_intra_doc_links)]
        /// Combatants: NAME[*COUNT][:KEY[=VALUE],...], as for start
        #[arg(required = true, value_name = "COMBATANT")]
        combatants: Vec<String>,
    },

    /// Combatants leave the fight
    Remove {
        /// The names to take out (a group's member by its name, e.g. 'Orc 2')
        #[arg(required = true, value_name = "NAME")]
        names: Vec<String>,
    },

    /// NAME waits and acts right after OTHER, at OTHER's initiative - 1, this round
    Delay {
        /// NAME[:after=OTHER]; without OTHER, after the last of the round
        #[arg(value_name = "NAME[:after=OTHER]")]
        spec: String,
    },

    /// NAME's prepared action fires right before OTHER, at OTHER's initiative + 1
    Ready {
        /// NAME:before=OTHER
        #[arg(value_name = "NAME:before=OTHER")]
        spec: String,
    },

    /// NAME gives up this round's action to act at any moment of the next
    Hold {
        /// NAME[:before=OTHER|after=OTHER], its place next round (default: first)
        #[arg(value_name = "NAME")]
        spec: String,
    },

    /// Change a combatant: initiative=N (a total rolled at the table), acts-from=ROUND
    Set {
        /// The combatant (or side, where sides take the turns)
        #[arg(value_name = "NAME")]
        name: String,

        /// initiative=N places it anew; acts-from=ROUND keeps it out of action until then (0: now)
        #[arg(required = true, value_name = "KEY=VALUE")]
        assignments: Vec<String>,
    },

    /// Go back N commands (default 1)
    #[command(alias = "u")]
    Undo {
        #[arg(value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
        steps: Option<u32>,
    },

    /// Forget the fight
    End,

    /// The saved fights, with their ruleset, round and whose turn it is
    List,
}

#[derive(Debug, Args)]
pub struct TrackStart {
    // The flags of the procedures that open the fight, the ruleset's encounter and initiative,
    // as it declares them: those of surprise and of the acting order shown, the others hidden
    // and refused. First, so that it holds all of start's matches.
    #[command(flatten)]
    pub opening: Flags,

    #[command(flatten)]
    pub cast: Cast,

    // Delayed, readied and held actions are track's own commands: read here only to say so.
    #[arg(long, hide = true, value_name = "SPEC")]
    pub delay: Vec<String>,

    #[arg(long, hide = true, value_name = "SPEC")]
    pub ready: Vec<String>,

    #[arg(long, hide = true, value_name = "SPEC")]
    pub hold: Vec<String>,

    /// Roll surprise first, as fray encounter does, even without a surprise flag
    #[arg(long = "surprise")]
    pub roll_surprise: bool,

    /// Lair actions at initiative count 20, losing ties, every round
    #[arg(long)]
    pub lair: bool,
}
