//! The Storytelling system's family: the rules wod (World of Darkness, 2004) and cofd
//! (Chronicles of Darkness, 2nd edition) share, each edition folder importing them from here
//! (seed 003). This file turns the command line into rule inputs for either edition (`Game`
//! says how each speaks and rolls its surprise); each procedure's file ([`surprise`],
//! [`initiative`], [`encounter`]) rolls it and works out its odds, with [`fight`] the fight's
//! types, [`moves`] placing delayed, readied and held actions, [`initiative_odds`] the odds of
//! the acting order and [`budgets`] how far they are exact; [`text`] shows them, [`pool`] is
//! the dice pool both roll, and [`track`] the round rules of a fight kept between commands.

pub mod budgets;
pub mod encounter;
pub mod fight;
#[cfg(test)]
pub(crate) mod fixtures;
pub mod flags;
pub mod initiative;
pub mod initiative_odds;
pub mod moves;
#[cfg(test)]
pub(crate) mod odds_check;
pub mod pool;
pub mod surprise;
pub mod text;
pub mod track;

use crate::cast::{self, KeyDef, KeyValues, NoKeys, split_spec};
use crate::emit::{Rule, Runner};
use crate::error::echo;
use crate::error::{Error, Result};
use crate::outcome::Modifier;
use crate::rulesets::{Procedure, Procedures};
use serde::Deserialize;
use serde::de::DeserializeOwned;
pub use {encounter::*, fight::*, initiative::*, surprise::*};

/// A combatant's keys as the family's rules read them: wod's own keys, and what cofd's give up
/// (`Game::traits`). Each edition declares them with its own ranges and help. Sides take none.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatantKeys {
    pub wits: Option<i32>,
    pub composure: Option<i32>,
    pub dex: Option<i32>,
    pub init: Option<i32>,
    pub initiative: Option<i32>,
    pub ambusher: bool,
    pub in_combat: bool,
    #[serde(rename = "mod")]
    pub modifier: Option<i32>,
    pub surprised: bool,
    pub health: Option<i32>,
    pub stamina: Option<i32>,
    pub size: Option<i32>,
    pub defense: Option<i32>,
}

/// The keys of `--delay NAME:after=OTHER`, `--ready NAME:before=OTHER` and `--hold NAME[:…]`,
/// described in [`MOVE_KEYS`].
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
struct MoveKeys {
    after: Option<String>,
    before: Option<String>,
}

fn check_other(name: &str) -> std::result::Result<(), String> {
    cast::check_name(name)
}

/// `health=`: the boxes of a fight's health track (WoD p. 172, CofD: Stamina + Size).
pub const HEALTH: KeyDef = KeyDef::int("health", 1, 50, "health boxes for a fight (default Stamina + Size)");
/// `stamina=` and `size=`: what the health track counts when `health=` is not given.
pub const STAMINA: KeyDef = KeyDef::int("stamina", 1, 10, "Stamina dots, for the health track (default 2)");
pub const SIZE: KeyDef = KeyDef::int("size", 1, 20, "Size, for the health track (default 5: a grown human)");
/// `defense=`: Defense against attacks in a fight (`fray track attack`).
pub const DEFENSE: KeyDef =
    KeyDef::int("defense", 0, 20, "Defense for a fight's attacks (default the lower of Wits and Dexterity)");

const MOVE_KEYS: &[KeyDef] = &[
    KeyDef::text("after", check_other, "the combatant to act right after"),
    KeyDef::text("before", check_other, "the combatant to act right before"),
];

/// What wod and a ruleset built on its rules (cofd) say each their own way about the same keys.
pub(crate) struct Dialect {
    pub rules: &'static str,
    /// What one pass through the acting order is called.
    pub beat: Beat,
    /// WoD p. 152: Dexterity + Composure breaks initiative ties; in CofD 2e the modifier does.
    pub traits_break_ties: bool,
    /// A command that runs, for the error that asks for combatants: surprise, initiative, encounter.
    pub examples: [&'static str; 3],
}

/// A ruleset built on wod's rules (wod itself, cofd), known by its combatants' keys: how it
/// speaks, and the surprise roll it makes of a cast. Its initiative is wod's.
pub(crate) trait Game: DeserializeOwned + 'static {
    const DIALECT: Dialect;
    type Surprise: Surprise + Rule;

    /// The keys wod's rules read (a struct that holds more, as cofd's, gives them up).
    fn traits(&self) -> CombatantKeys;
    fn surprise_input(cast: &cast::Cast<NoKeys, Self>, procedure: Procedure) -> Result<Self::Surprise>;
}

/// The procedures of a ruleset built on wod's rules: surprise, initiative and the encounter.
pub(crate) const fn procedures<K: Game>() -> Procedures
where
    EncounterInput<K::Surprise>: Rule,
{
    Procedures {
        surprise: Some(crate::handler!(flags::SurpriseFlags, surprise_command::<K>)),
        distance: None,
        initiative: Some(crate::handler!(
            flags::InitiativeFlags,
            initiative_command::<K>,
            worded_by_beat::<K, flags::InitiativeFlags>
        )),
        reaction: None,
        pursue: None,
        encounter: Some(crate::handler!(
            flags::EncounterFlags,
            encounter_command::<K>,
            worded_by_beat::<K, flags::EncounterFlags>
        )),
        wandering: None,
        morale: None,
    }
}

/// The family's flags `A` with `--hold` in the game's word for its beat (a cofd turn).
fn worded_by_beat<K: Game, A: clap::Args>(cmd: clap::Command) -> clap::Command {
    A::augment_args(cmd).mut_arg("hold", |arg| arg.help(K::DIALECT.beat.hold_help()))
}

fn surprise_command<K: Game>(_: &flags::SurpriseFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&K::surprise_input(&cast.typed()?.take_part(&[]), Procedure::Surprise)?)
}

fn initiative_command<K: Game>(args: &flags::InitiativeFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let input = initiative_input::<K>(&cast.typed()?.take_part(&[]), &args.order, Procedure::Initiative)?;
    runner.run(&Initiative { input: &input, enters: Vec::new() })
}

fn encounter_command<K: Game>(args: &flags::EncounterFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()>
where
    EncounterInput<K::Surprise>: Rule,
{
    let cast: cast::Cast<NoKeys, K> = cast.typed()?.take_part(&[]);
    runner.run(&EncounterInput {
        surprise: K::surprise_input(&cast, Procedure::Encounter)?,
        initiative: initiative_input(&cast, &args.order, Procedure::Encounter)?,
    })
}

/// Every member of every entry, with the index of its entry and its keys: `Thug:count=3` gives Thug
/// 1 to 3.
fn members<K: Game>(cast: &cast::Cast<NoKeys, K>, procedure: Procedure) -> Result<Vec<(usize, String, CombatantKeys)>> {
    if cast.combatants.is_empty() {
        let example = match procedure {
            Procedure::Initiative => K::DIALECT.examples[1],
            Procedure::Encounter => K::DIALECT.examples[2],
            _ => K::DIALECT.examples[0],
        };
        return Err(Error::usage(format!("{} {} needs combatants", K::DIALECT.rules, procedure.name()))
            .hint(format!("every combatant rolls for itself, e.g. {example}")));
    }
    Ok(cast
        .combatants
        .iter()
        .enumerate()
        .flat_map(|(entry, c)| {
            let keys = c.keys.traits();
            c.member_names().into_iter().map(move |n| (entry, n, keys))
        })
        .collect())
}

fn dots(given: Option<i32>) -> i32 {
    given.unwrap_or(DEFAULT_DOTS)
}

/// Everyone as the surprise roll sees them: those who roll Wits + Composure, those who lie in
/// wait and those already fighting.
pub(crate) fn rollers<K: Game>(cast: &cast::Cast<NoKeys, K>, procedure: Procedure) -> Result<Vec<Roller>> {
    let dialect = &K::DIALECT;
    let members = members(cast, procedure)?;
    if let Some((entry, ..)) = members.iter().find(|(.., keys)| keys.surprised) {
        return Err(Error::usage(format!(
            "'{}': key 'surprised' is for the initiative command; {} {} rolls for surprise",
            cast.combatants[*entry].name,
            dialect.rules,
            procedure.name()
        ))
        .hint("use ambusher or in-combat for those who do not roll"));
    }
    let rollers = members
        .into_iter()
        .map(|(entry, name, keys)| {
            let c = &cast.combatants[entry];
            Roller {
                name,
                side: cast.sides[c.side].name.clone(),
                party: c.side == 0,
                group: c.name.clone(),
                entry,
                wits: dots(keys.wits),
                composure: dots(keys.composure),
                modifier: keys.modifier.unwrap_or(0),
                stance: if keys.ambusher {
                    Stance::Ambusher
                } else if keys.in_combat {
                    Stance::InCombat
                } else {
                    Stance::Rolls
                },
            }
        })
        .collect();
    Ok(rollers)
}

/// Everyone as the initiative roll sees them, with the delayed, readied and held actions.
fn initiative_input<K: Game>(
    cast: &cast::Cast<NoKeys, K>,
    opts: &flags::Order,
    procedure: Procedure,
) -> Result<InitiativeInput> {
    let dialect = &K::DIALECT;
    let fighters: Vec<Fighter> = members(cast, procedure)?
        .into_iter()
        .map(|(entry, name, keys)| {
            let c = &cast.combatants[entry];
            let modifiers = match keys.init {
                Some(init) => vec![Modifier::new(init, "init")],
                None => {
                    vec![Modifier::new(dots(keys.dex), "Dexterity"), Modifier::new(dots(keys.composure), "Composure")]
                }
            };
            // WoD p. 152: Dexterity + Composure breaks ties, also when `init=` replaces the modifier.
            let traits_given = keys.dex.is_some() || keys.composure.is_some();
            let dex_composure = (dialect.traits_break_ties && (keys.init.is_none() || traits_given))
                .then(|| dots(keys.dex) + dots(keys.composure));
            Fighter {
                name,
                side: cast.sides[c.side].name.clone(),
                modifiers,
                dex_composure,
                given: keys.initiative,
                surprised: keys.surprised,
            }
        })
        .collect();
    let moves = moves(&fighters, opts, dialect.beat)?;
    Ok(InitiativeInput { fighters, moves, beat: dialect.beat })
}

/// The names for a hint, shortened for big casts.
fn listed(fighters: &[Fighter]) -> String {
    const SHOWN: usize = 12;
    let mut names: Vec<&str> = fighters.iter().take(SHOWN).map(|f| f.name.as_str()).collect();
    if fighters.len() > SHOWN {
        names.push("…");
    }
    names.join(", ")
}

/// The most delayed, readied and held actions one run takes: far more than any table uses, and
/// few enough that chains of waits stay small (each link lengthens the moments after it).
pub const MAX_MOVES: usize = 100;

/// `--delay NAME:after=OTHER`, `--ready NAME:before=OTHER`, `--hold NAME[:before=OTHER|after=OTHER]`;
/// errors speak of the game's `beat` (round or turn).
fn moves(fighters: &[Fighter], opts: &flags::Order, beat: Beat) -> Result<Vec<Move>> {
    let beat = beat.word();
    let count = opts.delay.len() + opts.ready.len() + opts.hold.len();
    if count > MAX_MOVES {
        return Err(Error::usage(format!(
            "{count} delayed, readied and held actions; one run takes at most {MAX_MOVES}"
        ))
        .hint("give --delay, --ready and --hold only to those who wait"));
    }
    let mut moves: Vec<(Move, &str)> = Vec::new();
    let given = [
        (MoveKind::Delay, "--delay", &opts.delay),
        (MoveKind::Ready, "--ready", &opts.ready),
        (MoveKind::Hold, "--hold", &opts.hold),
    ];
    for (kind, flag, values) in given {
        for text in values {
            let m = read_move(fighters, kind, flag, text, beat)?;
            check_once(fighters, &moves, m, flag, text, beat)?;
            moves.push((m, flag));
        }
    }
    let moves: Vec<Move> = moves.into_iter().map(|(m, _)| m).collect();
    for m in &moves {
        check_anchor(fighters, &moves, m, beat)?;
    }
    Ok(moves)
}

/// The combatant a move's flag names.
fn combatant_index(fighters: &[Fighter], flag: &str, name: &str) -> Result<usize> {
    fighters.iter().position(|f| f.name == name).ok_or_else(|| {
        Error::usage(format!("{flag} names '{}', which is not a combatant", echo(name)))
            .hint(format!("combatants: {}", listed(fighters)))
    })
}

/// One `--delay`, `--ready` or `--hold` value: who moves, and beside whom.
fn read_move(fighters: &[Fighter], kind: MoveKind, flag: &str, text: &str, beat: &str) -> Result<Move> {
    let shape = match kind {
        MoveKind::Delay => "--delay NAME:after=OTHER, e.g. --delay Mitch:after=Larry".to_string(),
        MoveKind::Ready => "--ready NAME:before=OTHER, e.g. --ready Mitch:before=Larry".to_string(),
        MoveKind::Hold => format!("--hold NAME, or --hold NAME:before=OTHER to place it in {beat} 2"),
    };
    let fail = |what: String| Error::usage(format!("{flag} '{}': {what}", echo(text))).hint(format!("write {shape}"));
    let spec = split_spec(text, "name", false).map_err(fail)?;
    let allowed: &[&str] = match kind {
        MoveKind::Delay => &["after"],
        MoveKind::Ready => &["before"],
        MoveKind::Hold => &["before", "after"],
    };
    let mut given = KeyValues::default();
    for &(key, value) in &spec.keys {
        match (kind, key) {
            (MoveKind::Delay, "before") => {
                return Err(Error::usage(format!("{flag} '{}': a delay acts after OTHER", echo(text)))
                    .hint("an action prepared to fire before OTHER is --ready NAME:before=OTHER"));
            }
            (MoveKind::Ready, "after") => {
                return Err(Error::usage(format!("{flag} '{}': a readied action fires before OTHER", echo(text)))
                    .hint("to act after OTHER, use --delay NAME:after=OTHER"));
            }
            _ => {}
        }
        let Some(def) = MOVE_KEYS.iter().find(|d| d.name == key && allowed.contains(&key)) else {
            return Err(fail(format!("unknown key '{}'; allowed: {}", echo(key), allowed.join(", "))));
        };
        given.set(def.name, def.check(value).map_err(fail)?);
    }
    let place: MoveKeys = given.read().map_err(fail)?;
    let anchor = match (place.after, place.before) {
        (Some(_), Some(_)) => return Err(fail("give after=OTHER or before=OTHER, not both".into())),
        (Some(other), None) => Some(Anchor::After(combatant_index(fighters, flag, &other)?)),
        (None, Some(other)) => Some(Anchor::Before(combatant_index(fighters, flag, &other)?)),
        (None, None) if kind == MoveKind::Hold => None,
        (None, None) => {
            let key = if kind == MoveKind::Delay { "after" } else { "before" };
            return Err(
                Error::usage(format!("{flag} '{}' needs {key}=OTHER", echo(text))).hint(format!("write {shape}"))
            );
        }
    };
    let who = combatant_index(fighters, flag, spec.name)?;
    if anchor.is_some_and(|a| a.other() == who) {
        return Err(Error::usage(format!("{flag} '{}': a combatant cannot wait for itself", echo(text)))
            .hint("name another combatant as OTHER"));
    }
    Ok(Move { who, kind, anchor })
}

/// Each combatant moves once, and a surprised one has no first action to hold.
fn check_once(fighters: &[Fighter], moves: &[(Move, &str)], m: Move, flag: &str, text: &str, beat: &str) -> Result<()> {
    let name = &fighters[m.who].name;
    if let Some((_, first)) = moves.iter().find(|(o, _)| o.who == m.who) {
        let what = if *first == flag {
            format!("{flag} names '{name}' twice")
        } else {
            format!("'{name}' is in both {first} and {flag}")
        };
        return Err(Error::usage(what).hint("each combatant delays, readies or holds once"));
    }
    if m.kind == MoveKind::Hold && fighters[m.who].surprised {
        return Err(Error::usage(format!(
            "{flag} '{}': {name} is surprised and has no first-{beat} action to give up",
            echo(text)
        ))
        .hint(format!("a surprised combatant enters in {beat} 2 anyway")));
    }
    Ok(())
}

/// A move's anchor has a moment to act on: a held action sits beside someone who keeps a
/// standing place, and waits never come back round to themselves.
fn check_anchor(fighters: &[Fighter], moves: &[Move], m: &Move, beat: &str) -> Result<()> {
    let Some(anchor) = m.anchor else { return Ok(()) };
    let other = moves.iter().find(|o| o.who == anchor.other());
    if m.kind == MoveKind::Hold && other.is_some_and(|o| o.kind == MoveKind::Hold) {
        return Err(Error::usage(format!(
            "--hold '{}' is placed beside {}, who holds too",
            fighters[m.who].name,
            fighters[anchor.other()].name
        ))
        .hint(format!("place a held action beside a combatant who acts in {beat} 2 at its own place")));
    }
    if m.kind == MoveKind::Hold {
        return Ok(());
    }
    let mut circle = vec![m.who];
    let mut at = anchor.other();
    while at != m.who && circle.len() <= moves.len() {
        circle.push(at);
        match moves.iter().find(|o| o.who == at && o.kind != MoveKind::Hold).and_then(|o| o.anchor) {
            Some(next) => at = next.other(),
            None => break,
        }
    }
    if at == m.who {
        circle.push(m.who);
        let names: Vec<&str> = circle.iter().map(|&i| fighters[i].name.as_str()).collect();
        return Err(Error::usage(format!("--delay and --ready go round in a circle: {}", names.join(" waits for ")))
            .hint("someone in the circle has to act at its own place"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cast::KeyList;

    #[test]
    fn the_move_keys_fill_their_struct() {
        let moves = KeyList::of::<MoveKeys>(MOVE_KEYS);
        cast::assert_list_fills::<MoveKeys>(&moves, &[("after", "Larry"), ("before", "Mitch")]);
    }
}
