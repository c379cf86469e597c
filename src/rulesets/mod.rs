//! The rulesets, one folder each (its flags, its options → input, rules and odds, text, keys
//! and roster example), and the registry that lists them. Everything outside this folder asks
//! the registry ("does gurps have a pursuit rule? which flags does 5e initiative take?")
//! instead of naming a game: adding a ruleset is one folder and one line in [`RULESETS`].

pub mod bx;
pub mod cofd;
pub mod command;
pub mod dnd5e;
pub mod dnd5e2024;
pub mod family;
pub mod gurps;
pub mod ose;
pub mod steps;
pub mod wandering;
pub mod wod;

use crate::cast::{self, Cast, Owner, RawSpec, RulesetKeys, parse_inline};
use crate::cli;
use crate::error::echo;
use crate::error::{Error, Result};
use crate::roster;
use serde::Serialize;

pub use crate::emit::{Rule, Runner};

/// Every ruleset fray knows, in the order help and hints list them.
pub static RULESETS: &[&Ruleset] = &[
    &ose::RULESET,
    &gurps::RULESET,
    &dnd5e::RULESET,
    &wod::RULESET,
    &bx::RULESET,
    &dnd5e2024::RULESET,
    &cofd::RULESET,
];

/// One ruleset: what it is called, the keys its sides and combatants take, and the procedures
/// it has.
pub struct Ruleset {
    /// The id used on the command line and in output: the `--rules` value that selects it.
    pub id: &'static str,
    /// Other `--rules` values that select it.
    pub aliases: &'static [&'static str],
    /// What it is, in a few words: its `--rules` value's help and its manual page's title.
    pub title: &'static str,
    /// Its sides' and combatants' keys: the lists that describe them, each read into the
    /// ruleset's own struct (`SideKeys`, `CombatantKeys` in its folder).
    pub keys: RulesetKeys,
    /// Example roster entries (valid YAML; the template explains the keys).
    pub roster: &'static str,
    pub procedures: Procedures,
    /// Command lines that run under it, for help and manual pages.
    pub examples: &'static [Example],
    /// The words a flag's value is one of where clap does not know them (`--terrain`), for
    /// completion.
    pub values: fn(&str) -> Vec<&'static str>,
    /// Its rules of the fight, as `fray track` applies them while a fight goes on.
    pub fight: &'static dyn crate::fight::Fighting,
    /// What `fray roll EXPR vs N` means under it: the roll its players make against a number.
    pub versus: crate::dice::Versus,
}

/// A ruleset whose flags take no words of its own.
pub fn no_values(_: &str) -> Vec<&'static str> {
    Vec::new()
}

/// A command line that runs under its ruleset, as typed (quoted for every shell), and what it
/// shows (may be empty). Help and manual pages print it unwrapped.
pub struct Example {
    /// The game command it runs; `None` for a `fray track` line (the help of `track` shows it).
    pub procedure: Option<Procedure>,
    pub line: &'static str,
    pub what: &'static str,
    /// Shown in `fray --help` too.
    pub tour: bool,
}

impl Example {
    pub const fn new(procedure: Procedure, line: &'static str, what: &'static str) -> Example {
        Example { procedure: Some(procedure), line, what, tour: false }
    }

    /// A `fray track` line under the ruleset, shown in the help of `track`.
    pub const fn track(line: &'static str, what: &'static str) -> Example {
        Example { procedure: None, line, what, tour: false }
    }

    /// The same example, shown in `fray --help` too.
    pub const fn tour(self) -> Example {
        Example { tour: true, ..self }
    }
}

/// The procedures a ruleset has: `None` where it has no such rule.
pub struct Procedures {
    pub surprise: Option<Handler>,
    pub distance: Option<Handler>,
    pub initiative: Option<Handler>,
    pub reaction: Option<Handler>,
    pub pursue: Option<Handler>,
    pub encounter: Option<Handler>,
    pub wandering: Option<Handler>,
    pub morale: Option<Handler>,
}

/// One procedure of one ruleset: the flags its command takes, as the ruleset declares them,
/// and how it reads them back and turns them and the cast into a [`Rule`] that the runner
/// rolls. Made by [`handler!`](crate::handler) from an `Args` type and a function of it.
pub struct Handler {
    /// Adds the command's flags (its `Args` type's `augment_args`).
    pub args: fn(clap::Command) -> clap::Command,
    /// Reads the flags out of matches made by a command line that has them, and runs.
    pub run: fn(&clap::ArgMatches, Cast, &mut Runner) -> Result<()>,
    /// The flags `args` declares, in its order, read from it when first asked for.
    pub declared: std::sync::OnceLock<Vec<&'static str>>,
}

impl Handler {
    /// Every flag the command declares (`--ambush`…; `COMBATANT` for its combatants), the cast's
    /// too, in the order its help lists them.
    pub fn declared(&self) -> &[&'static str] {
        self.declared.get_or_init(|| flag_names(&(self.args)(clap::Command::new("flags"))))
    }
}

/// The names of the flags `cmd` declares (`COMBATANT` for its combatants), in its order.
pub(crate) fn flag_names(cmd: &clap::Command) -> Vec<&'static str> {
    let name = |arg: &clap::Arg| match arg.get_long() {
        // One name a flag, for the process: leaked once, as the registry it belongs to is static.
        Some(long) => &*format!("--{long}").leak(),
        None => "COMBATANT",
    };
    cmd.get_arguments().map(name).collect()
}

/// The [`Handler`] whose flags are the clap `Args` type `$args` and which runs `$run` on them.
#[macro_export]
macro_rules! handler {
    ($args:ty, $run:expr) => {
        $crate::handler!($args, $run, <$args as clap::Args>::augment_args)
    };
    // `$augment` adds the flags of `$args` in its own way (a family's type in one edition's words).
    ($args:ty, $run:expr, $augment:expr) => {
        $crate::rulesets::Handler {
            args: $augment,
            run: |matches, cast, runner| {
                let args = <$args as clap::FromArgMatches>::from_arg_matches(matches)
                    .map_err(|e| $crate::error::Error::usage(e.kind().to_string()))?;
                ($run)(&args, cast, runner)
            },
            declared: std::sync::OnceLock::new(),
        }
    };
}

/// The game procedures: the six steps, and the checks before and after them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Procedure {
    Surprise,
    Distance,
    Initiative,
    Reaction,
    Pursue,
    Encounter,
    Wandering,
    Morale,
}

impl Procedure {
    pub const ALL: [Procedure; 8] = [
        Procedure::Surprise,
        Procedure::Distance,
        Procedure::Initiative,
        Procedure::Reaction,
        Procedure::Pursue,
        Procedure::Encounter,
        Procedure::Wandering,
        Procedure::Morale,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Procedure::Surprise => "surprise",
            Procedure::Distance => "distance",
            Procedure::Initiative => "initiative",
            Procedure::Reaction => "reaction",
            Procedure::Pursue => "pursue",
            Procedure::Encounter => "encounter",
            Procedure::Wandering => "wandering",
            Procedure::Morale => "morale",
        }
    }

    /// Whether every ruleset's command reads sides and combatants (a pursuit does only where
    /// its flags say so).
    pub fn always_has_cast(self) -> bool {
        matches!(self, Procedure::Surprise | Procedure::Initiative | Procedure::Encounter)
    }

    /// What the rule is called in an error: "the gurps ruleset has no {rule_name} rule".
    pub fn rule_name(self) -> &'static str {
        match self {
            Procedure::Surprise => "surprise",
            Procedure::Distance => "encounter-distance",
            Procedure::Initiative => "initiative",
            Procedure::Reaction => "reaction",
            Procedure::Pursue => "pursuit",
            Procedure::Encounter => "encounter-sequence",
            Procedure::Wandering => "wandering-monster",
            Procedure::Morale => "morale",
        }
    }
}

/// A game command as its command line gave it: the procedure, and the flags read for it (every
/// ruleset's, for the one it runs under to read its own).
#[derive(Clone, Debug)]
pub struct Game {
    pub procedure: Procedure,
    pub flags: cli::Flags,
}

impl Serialize for Procedure {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

impl Serialize for Ruleset {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id)
    }
}

impl std::fmt::Debug for Ruleset {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.id)
    }
}

impl Ruleset {
    /// The ruleset used when neither `--rules` nor FRAY_RULES names one: the first listed.
    pub fn implied() -> &'static Ruleset {
        RULESETS[0]
    }

    /// The ruleset whose id or alias is `name`, in any case.
    pub fn named(name: &str) -> Option<&'static Ruleset> {
        RULESETS.iter().copied().find(|r| std::iter::once(&r.id).chain(r.aliases).any(|n| n.eq_ignore_ascii_case(name)))
    }

    /// The handler of `procedure`, or `None` when the ruleset has no such rule.
    pub fn handler(&self, procedure: Procedure) -> Option<&Handler> {
        let p = &self.procedures;
        match procedure {
            Procedure::Surprise => p.surprise.as_ref(),
            Procedure::Distance => p.distance.as_ref(),
            Procedure::Initiative => p.initiative.as_ref(),
            Procedure::Reaction => p.reaction.as_ref(),
            Procedure::Pursue => p.pursue.as_ref(),
            Procedure::Encounter => p.encounter.as_ref(),
            Procedure::Wandering => p.wandering.as_ref(),
            Procedure::Morale => p.morale.as_ref(),
        }
    }

    /// The flags of `procedure` that are its own (the cast's left out, but for its combatants
    /// where not every ruleset's command reads a cast), or `None` when the ruleset has no such
    /// rule: what a hint says the command takes.
    pub fn flags(&self, procedure: Procedure) -> Option<Vec<&'static str>> {
        let declared = self.handler(procedure)?.declared();
        let cast = |flag: &&str| CAST_FLAGS.contains(flag) && (*flag != "COMBATANT" || procedure.always_has_cast());
        Some(declared.iter().copied().filter(|flag| !cast(flag)).collect())
    }

    /// `cmd` with the flags the ruleset's `procedure` takes, as it declares them (none when it
    /// has no such rule).
    pub fn args(&self, procedure: Procedure, cmd: clap::Command) -> clap::Command {
        match self.handler(procedure) {
            Some(handler) => (handler.args)(cmd),
            None => cmd,
        }
    }

    /// `words`, the flags and combatants of a `procedure` command line, read as this ruleset's
    /// command reads them: the command a procedure run elsewhere (`fray track`) hands
    /// [`Ruleset::run`].
    pub fn read_command(&self, procedure: Procedure, words: &[String]) -> Result<Game> {
        let cmd = self.args(procedure, clap::Command::new(procedure.name()).no_binary_name(true));
        let matches = cmd.try_get_matches_from(words).map_err(|e| {
            Error::usage(format!("{} {}: {}", self.id, procedure.name(), crate::cli::describe_error(&e, "fray")))
        })?;
        Ok(Game { procedure, flags: cli::Flags(matches) })
    }

    /// Whether the ruleset has a rule for `procedure` (SPEC §2).
    pub fn has(&self, procedure: Procedure) -> bool {
        self.flags(procedure).is_some()
    }

    /// The rulesets that have `procedure`, for hints.
    pub fn having(procedure: Procedure) -> Vec<&'static str> {
        RULESETS.iter().filter(|r| r.has(procedure)).map(|r| r.id).collect()
    }

    /// Refuses a procedure the ruleset lacks, naming the rulesets that have it.
    pub fn check_has(&self, procedure: Procedure) -> Result<()> {
        if self.has(procedure) {
            return Ok(());
        }
        Err(Error::usage(format!("the {} ruleset has no {} rule", self.id, procedure.rule_name()))
            .hint(format!("rulesets with one: {}", Ruleset::having(procedure).join(", "))))
    }

    /// Runs `game` under this ruleset with `cast`.
    pub fn run(&self, game: &Game, mut cast: Cast, runner: &mut Runner) -> Result<()> {
        let roster_at = std::mem::take(&mut cast.roster_at);
        let run = match self.handler(game.procedure) {
            Some(handler) => (handler.run)(&game.flags.0, cast, runner),
            None => Err(Error::usage("no such rule")),
        };
        run.map_err(|err| crate::cast::at_roster_entry(err, &roster_at))
    }

    /// Whether the ruleset's `procedure` takes `flag`: one of its own, or a cast flag where the
    /// procedure reads a cast (every surprise, initiative and encounter; a pursuit whose flags
    /// list `COMBATANT`).
    pub fn takes_flag(&self, procedure: Procedure, flag: &str) -> bool {
        self.handler(procedure).is_some_and(|handler| handler.declared().contains(&flag))
    }

    /// Refuses flags that belong to another ruleset or procedure, naming who uses them.
    pub fn check_flags(&self, procedure: Procedure, given: &[String]) -> Result<()> {
        let own = self.flags(procedure).unwrap_or_default();
        for flag in given {
            if self.takes_flag(procedure, flag) {
                continue;
            }
            let users: Vec<&str> = RULESETS.iter().filter(|r| r.takes_flag(procedure, flag)).map(|r| r.id).collect();
            let what = if flag == "COMBATANT" { "combatants".to_string() } else { flag.clone() };
            let err = Error::usage(format!("{what} is not an option of {} {}", self.id, procedure.name()));
            let named: Vec<&str> = own.iter().map(|f| if *f == "COMBATANT" { "combatants" } else { f }).collect();
            let takes = if own.is_empty() { "no options of its own".to_string() } else { named.join(", ") };
            return Err(match users.as_slice() {
                [] => err.hint(format!("{} {} takes {takes}", self.id, procedure.name())),
                users => err.hint(format!(
                    "it belongs to {} {}; {} {} takes {takes}",
                    users.join(", "),
                    procedure.name(),
                    self.id,
                    procedure.name()
                )),
            });
        }
        Ok(())
    }

    /// fray's own message for a flag that `procedure` (or fray, before a command) does not
    /// know at all, naming the commands and rulesets that take it; `None` when none does.
    pub fn misplaced_flag(&self, procedure: Option<Procedure>, flag: &str) -> Option<Error> {
        let flag = flag.split_once('=').map_or(flag, |(flag, _)| flag);
        // A word that is no flag, refused by a command that takes no combatants.
        let named = if flag.starts_with('-') { flag } else { "COMBATANT" };
        if let Some(procedure) = procedure.filter(|&p| self.has(p) && !self.takes_flag(p, named)) {
            // Another ruleset's flag for the same command.
            if RULESETS.iter().any(|r| r.takes_flag(procedure, named)) {
                return self.check_flags(procedure, &[named.to_string()]).err();
            }
        }
        let mut takers: Vec<String> = Vec::new();
        for p in Procedure::ALL {
            let users: Vec<&str> =
                RULESETS.iter().filter(|r| r.flags(p).is_some_and(|f| f.contains(&flag))).map(|r| r.id).collect();
            if !users.is_empty() {
                takers.push(format!("{} {}", users.join(", "), p.name()));
            }
        }
        if takers.is_empty() {
            return None;
        }
        let Some(procedure) = procedure else {
            return Some(
                Error::usage(format!("{flag} is an option of a command, not of fray"))
                    .hint(format!("give it after the command: it belongs to {}", takers.join("; "))),
            );
        };
        if self.takes_flag(procedure, flag) {
            // Known to the command, so given before it.
            return Some(
                Error::usage(format!(
                    "{flag} is an option of {} {}, given before the command",
                    self.id,
                    procedure.name()
                ))
                .hint(format!("write it after '{}'", procedure.name())),
            );
        }
        let own = self.flags(procedure).unwrap_or_default();
        let named: Vec<&str> = own.iter().map(|f| if *f == "COMBATANT" { "combatants" } else { f }).collect();
        let takes = if own.is_empty() { "no options of its own".to_string() } else { named.join(", ") };
        Some(Error::usage(format!("{flag} is not an option of {} {}", self.id, procedure.name())).hint(format!(
            "it belongs to {}; {} {} takes {takes}",
            takers.join("; "),
            self.id,
            procedure.name()
        )))
    }

    /// Sides and combatants from the rosters (each read once, in order), then `--side` and the
    /// positional combatants. A later source's entry overrides an earlier one's of the same
    /// name (its keys replace those it gives, the rest stay); within one source a name is
    /// given once.
    /// Reads the cast: the rosters in order, then `--side` and the inline combatants, a later
    /// entry of the same name overriding an earlier; `groups` rolls a group's dice count
    /// (`count=2d4`) once, for the whole run, named by the group.
    pub fn load_cast(
        &self,
        rosters: &[roster::Document],
        sides: &[String],
        combatants: &[String],
        groups: &mut crate::dice::expr::GroupRoller,
    ) -> Result<Cast> {
        let keys = &self.keys;
        let inline_sides: Vec<RawSpec> =
            sides.iter().map(|s| parse_inline(s, Owner::Side, keys)).collect::<Result<_>>()?;
        let inline_combatants: Vec<RawSpec> =
            combatants.iter().map(|c| parse_inline(c, Owner::Combatant, keys)).collect::<Result<_>>()?;
        // Every side any source declares, so that one roster's combatants may join another's side.
        let mut known: Vec<String> = rosters.iter().flat_map(roster::Document::side_names).collect();
        known.extend(inline_sides.iter().map(|s| s.name.clone()));
        let (mut all_sides, mut all_combatants) = (Vec::new(), Vec::new());
        for document in rosters {
            let roster = document.parse(keys, &known)?;
            cast::override_by_name(&mut all_sides, roster.sides);
            cast::override_by_name(&mut all_combatants, roster.combatants);
        }
        cast::override_by_name(&mut all_sides, inline_sides);
        cast::override_by_name(&mut all_combatants, inline_combatants);
        for spec in &mut all_combatants {
            if let Some(count) = spec.count_roll.take() {
                spec.count = groups.roll(&spec.name, &count)?;
            }
        }
        Cast::resolve(all_sides, all_combatants)
    }

    /// The commented roster template.
    pub fn roster_example(&self) -> String {
        roster::example(&self.keys, self.roster)
    }
}

/// Flags every command with a cast accepts (`--table`, declared by the encounter alone, adds
/// the creatures an encounter table brings).
const CAST_FLAGS: &[&str] = &["--side", "--roster", "--roster-example", "COMBATANT", "--table"];

/// The cast options of a command, if it has any: those given, or none given where the
/// ruleset's command takes none but another ruleset's does (the config's rosters, which may
/// name the ruleset, are read for it all the same).
pub fn cast_of(game: &Game) -> Option<cli::Cast> {
    // The cast's switch is among the matches of every command that declares a cast.
    if game.flags.0.ids().any(|id| id == "roster_example") {
        return Some(cli::Cast::of(&game.flags.0));
    }
    RULESETS.iter().any(|rules| rules.takes_flag(game.procedure, "--roster")).then(cli::Cast::default)
}

/// The side named by a flag such as `--aware SIDE`, as an index.
pub fn side_flag<S, C>(cast: &Cast<S, C>, flag: &str, names: &[String]) -> Result<Vec<usize>> {
    names.iter().map(|n| cast.side_for(flag, n)).collect()
}

/// The `--ambush` side. The flag's value is optional, so it swallows a combatant written
/// right after it; the hint says how to avoid that.
pub fn ambush_side<S, C>(cast: &Cast<S, C>, name: &str) -> Result<usize> {
    cast.side_index(name).ok_or_else(|| {
        Error::usage(format!("--ambush names '{}', which is not a side", echo(name))).hint(format!(
            "sides: {}; --ambush takes the next word as its SIDE, so write --ambush=SIDE or put it after the combatants",
            cast.side_names()
        ))
    })
}
