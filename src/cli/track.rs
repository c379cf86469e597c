//! `fray track`'s arguments, its actions and their help.

use super::*;

pub const TRACK_ABOUT: &str = "\
Keeps a fight between commands: start opens it as fray encounter does (surprise where the flags \
call for it, then initiative, with the same dice for the same --seed) and saves it; next ends the \
current turn and starts the next, a new round after the last, with the ruleset's round rules \
applied and their dice shown. It keeps each combatant's hit points (damage, heal, temp), effects \
that run out at a turn's start or end (effect), notes, and who the players do not see (hide). Each \
fight is one JSON file in $XDG_STATE_HOME/fray (else ~/.local/state/fray), written whole and \
renamed into place under a lock; every command can be undone. play keeps the fight on the \
terminal, full-screen, one key a move.";

/// The examples of `track` that run under any ruleset; the registry puts each ruleset's own
/// (a fight it opens) before them.
pub const TRACK_EXAMPLES: &str = "\
Examples:
  fray track next                         end this turn, begin the next
  fray t n                                the same: t is track, n next
  fray track damage 'Orc 1' 2d6+3         rolled once, shown, taken
  fray track damage Orc 8 --half          both Orcs, a save made
  fray track heal Ansel 1d8+2
  fray track effect Orc Prone             until ended
  fray track effect Ansel Bless --rounds 10 --of Ansel
  fray track show                         order, hit points, effects
  fray track show --players               no hidden foes, no numbers
  fray track add Wolf:side=monsters,initiative=14
  fray track set Ansel initiative=17      a total rolled at the table
  fray track -q next                      only whose turn it is now
  fray track undo 2                       back two commands
  fray track --fight cellar damage Larry 2 --bashing
  fray track --fight cellar delay Larry:after=Mitch
  fray track --fight cellar end           ended; undo brings it back
  fray track list                         the fights kept";

pub const PLAY_KEYS: &str = "\
Keys:
  n           end this turn and begin the next (a new round after the last)
  u           undo the last command
  Up Down     select a combatant (also j k, Home End, PageUp PageDown)
  d  h        damage or heal the selected: an amount or dice, then any flags
              of damage or heal (2d6+3 --half)
  e           an effect on the selected: its name, its rounds (none: until
              ended), and whether it runs out at the start or end of a turn
  x           end an effect on the selected
  t           a note on the selected
  v           hide the selected from the players, or reveal it again
  a           add combatants, written as start takes them (Wolf:initiative=14)
  r           remove the selected from the fight
  w  p  o     delay, ready or hold the selected (rulesets with those moves)
  :           any track action as typed after 'fray track', TAB completing
              names and flags (:damage 'Orc 1' 2d6+3 --half)
  ?           these keys
  q  Ctrl-C   quit
In a prompt: Enter runs it, Esc cancels, TAB completes; on the : line Up and
Down recall the lines run before.

Each move runs as the same command typed at the shell, under the fight's
lock; what another terminal or a script changes shows within half a second.
With --players nothing can be changed: q quits, Up and Down scroll.

Examples:
  fray track play                      the fight named default
  fray track --fight cave play
  fray track play --players            the screen to turn to the players
  fray track show --players --watch    the same screen";

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

    /// A roll made at the table for a rule the command sets off: the dice as they fell, not the
    /// total (death-save=14, morale=9); repeatable
    #[arg(long = "roll", global = true, value_name = "RULE=N")]
    pub rolls: Vec<String>,

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

    /// The round, the order with hit points, effects and notes, whose turn it is
    Show {
        /// The view to turn to the players: no hidden combatants, no monster's numbers, no notes
        #[arg(long)]
        players: bool,

        /// Full-screen on the terminal, redrawn as the fight changes, until q
        #[arg(long)]
        watch: bool,
    },

    /// The fight full-screen: one key a move (n next, d damage, e effect, : any action)
    #[command(after_help = PLAY_KEYS)]
    Play {
        /// The players' screen: nothing can be changed (as show --players --watch)
        #[arg(long)]
        players: bool,
    },

    /// Combatants join the fight: only they roll initiative (or give it: initiative=N)
    Add {
        // The brackets are the help's notation for what may be left out, not links.
        #[allow(rustdoc::broken_intra_doc_links)]
        /// Combatants: NAME[*COUNT][:KEY[=VALUE],...], as for start
        #[arg(required_unless_present = "table", value_name = "COMBATANT")]
        combatants: Vec<String>,

        /// Roll on the encounter table in FILE: what it brings joins the fight
        #[arg(long, value_name = "FILE", value_hint = ValueHint::FilePath, value_parser = any_path())]
        table: Option<PathBuf>,
    },

    /// Combatants leave the fight: a group by its name ('Orc'), a member by its own ('Orc 2')
    Remove {
        /// The names to take out
        #[arg(required = true, value_name = "NAME")]
        names: Vec<String>,
    },

    /// Group members take a place of their own, after their group, to act apart
    Split {
        /// Members of a group ('Goblin 2')
        #[arg(required = true, value_name = "NAME")]
        names: Vec<String>,
    },

    /// Damage: AMOUNT (a number or dice, rolled once) taken by each target, temporary hit points first
    Damage {
        /// Who takes it (a group's name is all its members), then the amount: 7, 2d6+3
        #[arg(required = true, value_name = "TARGET... AMOUNT", allow_negative_numbers = true)]
        words: Vec<String>,

        /// Half of it, rounded down (a save made against it)
        #[arg(long)]
        half: bool,

        /// Roll the amount for each target on its own
        #[arg(long)]
        each: bool,

        /// Bashing damage (wod, cofd)
        #[arg(long, group = "kind")]
        bashing: bool,

        /// Lethal damage, the default (wod, cofd)
        #[arg(long, group = "kind")]
        lethal: bool,

        /// Aggravated damage (wod, cofd)
        #[arg(long, group = "kind")]
        aggravated: bool,

        /// A critical hit (5e: at 0 hit points, two failed death saves)
        #[arg(long)]
        crit: bool,
    },

    /// A morale check by hand for a side or group (ose, bx): 2d6 against its ML
    Morale {
        /// The sides, groups or combatants that check
        #[arg(required = true, value_name = "NAME")]
        names: Vec<String>,

        /// An adjustment to the score, -2 to 2 (losing -1, winning +1)
        #[arg(long = "mod", value_name = "N", allow_negative_numbers = true, value_parser = whole::<i32>(-2..=2))]
        modifier: Option<i32>,
    },

    /// An attack on TARGET: its Defense against it, 1 less for each attack after the first this turn (wod, cofd)
    Attack {
        /// Who is attacked
        #[arg(required = true, value_name = "TARGET")]
        targets: Vec<String>,
    },

    /// Healing: AMOUNT (a number or dice) given back to each target, up to its most
    Heal {
        /// Who is healed, then the amount: 7, 1d8+2
        #[arg(required = true, value_name = "TARGET... AMOUNT", allow_negative_numbers = true)]
        words: Vec<String>,

        /// Roll the amount for each target on its own
        #[arg(long)]
        each: bool,
    },

    /// Temporary hit points: they take damage first and do not add up (the higher are kept)
    Temp {
        /// Who gets them, then the amount: 5, 1d4+4
        #[arg(required = true, value_name = "TARGET... AMOUNT", allow_negative_numbers = true)]
        words: Vec<String>,

        /// Roll the amount for each target on its own
        #[arg(long)]
        each: bool,
    },

    /// A named effect on each target, running out after N rounds at a turn's start or end
    Effect {
        /// Who it is on, then its name: Orc Prone, Ansel Bree Bless ('--end NAME': on everyone)
        #[arg(required = true, value_name = "TARGET... NAME")]
        words: Vec<String>,

        /// It runs out N rounds on (without it, it lasts until ended)
        #[arg(long, value_name = "N", value_parser = whole::<u32>(0..=1_000_000))]
        rounds: Option<u32>,

        /// At the start or the end of the turn it counts by
        #[arg(long, value_name = "WHEN", default_value = "start", value_parser = ["start", "end"])]
        until: String,

        /// Whose turns it counts by (default: each target's own)
        #[arg(long, value_name = "NAME")]
        of: Option<String>,

        /// It hangs on the concentration of --of (else of whoever's turn it is)
        #[arg(long)]
        concentration: bool,

        /// End the effect now instead
        #[arg(long, conflicts_with_all = ["rounds", "of", "concentration"])]
        end: bool,
    },

    /// A note on a combatant, shown beside it (not to the players)
    Note {
        /// Who the note is on (a group's name: each member)
        #[arg(value_name = "TARGET")]
        target: String,

        /// The note, one line
        #[arg(value_name = "TEXT", trailing_var_arg = true, allow_hyphen_values = true)]
        text: Vec<String>,

        /// Clear the notes instead
        #[arg(long, conflicts_with = "text")]
        clear: bool,
    },

    /// Keep combatants out of the players' view (show --players)
    Hide {
        #[arg(required = true, value_name = "NAME")]
        names: Vec<String>,
    },

    /// Show hidden combatants to the players again
    Reveal {
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

    /// Change a combatant: initiative=N, hp=N, temp-hp=N, down=WORD, acts-from=ROUND, its keys
    Set {
        /// The combatant (a group's name: each member; a side, where sides take the turns)
        #[arg(value_name = "NAME")]
        name: String,

        /// initiative=N places it anew; hp=, hp-max=, temp-hp= its hit points; down=WORD (or no);
        /// acts-from=ROUND keeps it out of action until then (0: now); ac= and its ruleset's keys
        #[arg(required = true, value_name = "KEY=VALUE")]
        assignments: Vec<String>,
    },

    /// Go back N commands (default 1)
    #[command(alias = "u")]
    Undo {
        #[arg(value_name = "N", allow_negative_numbers = true, value_parser = whole::<u32>(1..=1000))]
        steps: Option<u32>,
    },

    /// End the fight: kept, marked ended (undo brings it back); --yes forgets it
    End {
        /// Forget the fight: its file and lock are removed
        #[arg(long)]
        yes: bool,
    },

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

    /// Play without one of the ruleset's rules that fire as the fight goes (repeatable)
    #[arg(long = "no-rule", value_name = "RULE")]
    pub no_rules: Vec<String>,

    /// Play with one of the ruleset's optional rules (repeatable)
    #[arg(long = "rule", id = "optional_rules", value_name = "RULE")]
    pub optional_rules: Vec<String>,
}
