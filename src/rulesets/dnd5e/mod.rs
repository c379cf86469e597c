//! 5e: D&D 5th edition (2014) surprise and initiative with the DMG variants (seeds 002, 004).
//! This file turns the command line ([`flags`]) into rule inputs; each procedure's file
//! ([`surprise`], [`distance`], [`initiative`], [`encounter`], [`chase`]) rolls it and works out
//! its odds, on the [`creature`]s and their [`speed_factor`]; [`text`] shows them.

pub mod chase;
pub mod check;
pub mod creature;
pub mod distance;
pub mod encounter;
#[cfg(test)]
mod fixtures;
pub mod flags;
pub mod initiative;
pub mod morale;
#[cfg(test)]
pub(crate) mod odds_check;
pub mod reaction;
pub mod speed_factor;
pub mod surprise;
pub mod text;
pub mod track;
pub mod wandering;

use super::{Example, Procedure, Procedures, Ruleset};

use crate::cast::{self, KeyDef, KeyList, NoKeys, RulesetKeys};
use crate::emit::Runner;
use crate::error::{Error, Result};
use serde::Deserialize;
pub use {creature::*, distance::*, encounter::*, initiative::*, speed_factor::*, surprise::*};

/// A combatant's keys, described one by one in [`COMBATANT_KEYS`]. Sides take none.
#[derive(Clone, Debug, Default, PartialEq, Eq, Deserialize)]
#[serde(default, deny_unknown_fields, rename_all = "kebab-case")]
pub struct CombatantKeys {
    pub dex: Option<i32>,
    pub init: Option<i32>,
    pub per: Option<i32>,
    pub speed: Option<i32>,
    pub con: Option<i32>,
    pub stealth: Option<i32>,
    pub str: Option<i32>,
    pub wis: Option<i32>,
    pub cha: Option<i32>,
    pub ranger: bool,
    pub survival: bool,
    pub alert: bool,
    pub adv: bool,
    pub dis: bool,
    pub size: Option<Size>,
    pub action: Option<Action>,
    pub dex_score: Option<i32>,
    pub initiative: Option<i32>,
}

const COMBATANT_KEYS: &[KeyDef] = &[
    KeyDef::int("dex", -5, 10, "Dex modifier: breaks initiative ties; pursue's Dexterity rolls (default 0)"),
    KeyDef::int("init", -10, 20, "initiative modifier (default: the Dex modifier)"),
    KeyDef::int("per", 1, 40, "passive Perception (default 10)"),
    chase::SPEED,
    chase::CON_2014,
    chase::STEALTH,
    chase::STR,
    chase::WIS,
    chase::CHA,
    chase::RANGER,
    chase::SURVIVAL,
    KeyDef::flag("alert", "Alert feat: +5 initiative, cannot be surprised"),
    KeyDef::flag("adv", "rolls initiative with advantage"),
    KeyDef::flag("dis", "rolls initiative with disadvantage"),
    KeyDef::word("size", Size::WORDS, "size, for the speed factor (default medium)"),
    KeyDef::text("action", check_action, ACTION_HELP),
    KeyDef::int("dex-score", 1, 30, "the Dexterity score: breaks ties among equal Dex modifiers"),
    KeyDef::int("initiative", -10, 50, "an initiative total already rolled, used as given"),
];

const KEYS: RulesetKeys = RulesetKeys {
    rules: "5e",
    side: KeyList::of::<NoKeys>(&[]),
    combatant: KeyList::of::<CombatantKeys>(COMBATANT_KEYS),
};

/// The cast with 5e's keys.
type Cast = cast::Cast<NoKeys, CombatantKeys>;

fn check_action(text: &str) -> std::result::Result<(), String> {
    parse_action(text).map(|_| ())
}

/// `size=large`: one of [`Size::WORDS`], in any case.
impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Size, D::Error> {
        let word = String::deserialize(d)?;
        Size::from_word(&word).ok_or_else(|| serde::de::Error::custom(format!("'{}' is not a size", cast::echo(&word))))
    }
}

/// `action=spell:2+light`, read with the speed factor's modifiers.
impl<'de> Deserialize<'de> for Action {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> std::result::Result<Action, D::Error> {
        parse_action(&String::deserialize(d)?).map_err(serde::de::Error::custom)
    }
}

const ROSTER: &str = "\
sides:
  - name: party
  - name: monsters
combatants:
  - name: Elf
    per: 16
    dex: 3
    dex-score: 16
  - name: Paladin
    per: 12
    # initiative: 14            (a total rolled at the table)
    # action: spell:2+light     (with --variant speed)
  - name: Rogue
    dex: 4
    alert: true
    con: 1
    stealth: 7
    # action: light+light       (with --variant speed)
  - name: Goblin
    count: 4
    side: monsters
    dex: 2
    stealth: 6
    size: small
";

/// The Stealth totals `--stealth` accepts.
const STEALTH_RANGE: std::ops::RangeInclusive<i32> = -20..=60;
/// The modifiers `--stealth-mod` accepts.
const STEALTH_MOD_RANGE: std::ops::RangeInclusive<i32> = -10..=30;

const EXAMPLES: &[Example] = &[
    Example::new(
        Procedure::Surprise,
        "fray -r 5e surprise --stealth 14 Elf:per=16 Fighter:per=12 Wizard:per=10 Halfling:per=14",
        "",
    )
    .tour(),
    Example::new(Procedure::Distance, "fray -r 5e distance --terrain hills", "2d10 x 10 ft"),
    Example::new(Procedure::Distance, "fray -r 5e distance --audible loud", "heard: 2d6 x 50 ft"),
    Example::new(Procedure::Initiative, "fray -r 5e initiative Rogue:dex=4 Goblin:count=4,dex=2,side=monsters", ""),
    Example::new(
        Procedure::Initiative,
        "fray -r 5e initiative --variant speed --rounds 3 'Paladin:dex=0,action=spell:2+light'",
        "",
    ),
    Example::new(
        Procedure::Pursue,
        "fray -r 5e pursue --gap 30 --sight 60 Rogue:speed=35,con=1,stealth=7 Guard:count=2,side=monsters,per=12",
        "",
    ),
    Example::new(
        Procedure::Encounter,
        "fray -r 5e encounter --stealth 14 Elf:per=16,dex=3 Goblin:count=4,side=monsters,dex=2",
        "",
    ),
    Example::new(
        Procedure::Encounter,
        "fray -r 5e encounter --wandering --stealth 12 Elf:per=14 Orc:side=monsters",
        "",
    ),
    Example::new(Procedure::Reaction, "fray -r 5e reaction --attitude hostile --cha-mod 5", "DC 0, 10 or 20?"),
    Example::new(Procedure::Reaction, "fray -r 5e reaction --attitude friendly --cha-mod 3 --odds", ""),
    Example::new(Procedure::Wandering, "fray -r 5e wandering --checks 6 --odds", "18+ on a d20, six times"),
    Example::new(Procedure::Morale, "fray -r 5e morale --save 1 --overwhelming", "DC 10 Wisdom save"),
];

/// The words a flag's value is one of, for completion: the terrains of `--terrain`.
fn flag_values(flag: &str) -> Vec<&'static str> {
    match flag {
        "--terrain" => TERRAINS.iter().map(|t| t.name).collect(),
        _ => Vec::new(),
    }
}

pub static RULESET: Ruleset = Ruleset {
    id: "5e",
    aliases: &["dnd5e", "dnd-5e", "d&d5e", "dnd"],
    title: "D&D 5th edition (2014) with the DMG initiative variants",
    keys: KEYS,
    roster: ROSTER,
    procedures: Procedures {
        surprise: Some(crate::handler!(flags::SurpriseFlags, surprise_command)),
        distance: Some(crate::handler!(flags::DistanceFlags, distance_command)),
        initiative: Some(crate::handler!(flags::InitiativeFlags, initiative_command)),
        reaction: Some(crate::handler!(flags::ReactionFlags, reaction_command)),
        pursue: Some(crate::handler!(chase::flags::PursueFlags, pursue_command)),
        encounter: Some(crate::handler!(flags::EncounterFlags, encounter_command)),
        wandering: Some(crate::handler!(flags::WanderingFlags, wandering_command)),
        morale: Some(crate::handler!(flags::MoraleFlags, morale_command)),
    },
    examples: EXAMPLES,
    values: flag_values,
    rounds: &track::ROUNDS,
};

fn reaction_command(args: &flags::ReactionFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&reaction::ReactionInput {
        attitude: args.attitude.unwrap_or(flags::Attitude::Indifferent),
        modifiers: check_modifiers(args.cha_mod, args.modifier),
    })
}

/// The Charisma check's modifiers: `--cha-mod` (the speaker's bonus to the check) and `--mod`.
pub(crate) fn check_modifiers(cha_mod: Option<i32>, modifier: Option<i32>) -> Vec<crate::outcome::Modifier> {
    use crate::outcome::Modifier;
    let mut modifiers = Vec::new();
    if let Some(m) = cha_mod {
        modifiers.push(Modifier::new(m, "CHA"));
    }
    if let Some(m) = modifier {
        modifiers.push(Modifier::new(m, "situational"));
    }
    modifiers
}

fn wandering_command(args: &flags::WanderingFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&wandering::wandering_input(args.chance, args.checks))
}

fn morale_command(args: &flags::MoraleFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&morale_input(args.save, args.overwhelming, args.cornered, "monsters"))
}

/// The DMG's morale save for `name` (a creature, or a group by its leader): `--save`, and
/// whether the opposition is `--overwhelming` and the creature `--cornered`.
fn morale_input(save: Option<i32>, overwhelming: bool, cornered: bool, name: &str) -> morale::MoraleInput {
    let modifiers = save.map(|m| crate::outcome::Modifier::new(m, "WIS save")).into_iter().collect();
    morale::MoraleInput { name: name.to_string(), modifiers, overwhelming, cornered }
}

/// The side the surprise flags name, which takes part even with nobody on it: the side that
/// hides when Stealth is given.
pub(crate) fn surprise_sides(opts: &flags::Hiding) -> Vec<&str> {
    let hides = !opts.stealth.is_empty() || !opts.stealth_mod.is_empty();
    match opts.ambush.as_deref() {
        Some(side) => vec![side],
        None if hides => vec!["monsters"],
        None => vec![],
    }
}

/// The sides that take part: with `--variant side` every side rolls, so both default sides stay;
/// otherwise a default side with nobody on it (and none of the flags' `keep`) takes no part.
fn sides_for(cast: Cast, variant: Option<flags::Variant>, keep: &[&str]) -> Cast {
    if variant == Some(flags::Variant::Side) { cast } else { cast.take_part(keep) }
}

fn surprise_command(args: &flags::SurpriseFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&surprise_sides(&args.hiding));
    runner.run(&surprise_input(&cast, &args.hiding, args.stealth_ties, args.both_surprised)?)
}

fn distance_command(args: &flags::DistanceFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    let heard = args.audible.map(|noise| match noise {
        flags::Audible::Quiet => &NOISES[0],
        flags::Audible::Normal => &NOISES[1],
        flags::Audible::Loud => &NOISES[2],
    });
    runner.run(&distance_input("5e", TERRAINS, args.travel_terrain.as_deref(), heard, true)?)
}

/// The encounter distance `--terrain` names in `table`, or the audible distance `heard` (for
/// a ruleset with `--audible`, `hearing`). 5e2024 too.
pub(crate) fn distance_input(
    rules: &str,
    table: &'static [Sighting],
    terrain: Option<&str>,
    heard: Option<&'static Sighting>,
    hearing: bool,
) -> Result<DistanceInput> {
    let terrains = format!("{rules} terrains: {}", Sighting::names(table));
    let noticed = match (terrain, heard) {
        (Some(_), Some(_)) => {
            return Err(Error::usage("--terrain and --audible each set the distance: give one").hint(
                "--terrain for the distance the others are seen at, --audible for the distance they are heard at",
            ));
        }
        (None, Some(noise)) => Noticed::Heard(noise),
        (Some(word), None) => Noticed::Seen(
            Sighting::find(table, word)
                .ok_or_else(|| Error::usage(format!("unknown terrain '{word}'")).hint(terrains.clone()))?,
        ),
        (None, None) => {
            let or_heard = if hearing { " (or --audible quiet|normal|loud)" } else { "" };
            return Err(Error::usage(format!("{rules} distance needs --terrain TERRAIN{or_heard}")).hint(terrains));
        }
    };
    Ok(DistanceInput { noticed })
}

fn initiative_command(args: &flags::InitiativeFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let input = initiative_input(&sides_for(cast.typed()?, args.variant, &[]), args.variant, args.rounds)?;
    runner.run(&Initiative::new(&input))
}

fn encounter_command(args: &flags::EncounterFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = sides_for(cast.typed()?, args.variant, &surprise_sides(&args.hiding));
    let surprise = surprise_input(&cast, &args.hiding, args.stealth_ties, args.both_surprised)?;
    let input = initiative_input(&cast, args.variant, args.rounds)?;
    let encounter = EncounterInput { surprise, initiative: Initiative::new(&input) };
    let wandering = super::steps::wandering_step(args.roll_wandering, None, args.chance, false, false, |_, chance| {
        Ok(wandering::wandering_input(chance, None))
    })?;
    let morale_flags =
        [("--save", args.save.is_some()), ("--overwhelming", args.overwhelming), ("--cornered", args.cornered)];
    super::steps::check_morale_flags(args.roll_morale, &morale_flags)?;
    // The side the first one meets checks, by its leader's save.
    let met = cast.sides.get(1).or(cast.sides.first()).map_or("monsters", |s| s.name.as_str());
    let morale = args.roll_morale.then(|| morale_input(args.save, args.overwhelming, args.cornered, met));
    if wandering.is_none() && morale.is_none() {
        return runner.run(&encounter);
    }
    runner.run(&super::steps::Steps { wandering, encounter: &encounter, morale })
}

fn pursue_command(args: &chase::flags::PursueFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&args.fleeing.iter().map(String::as_str).collect::<Vec<_>>());
    let fleeing = match &args.fleeing {
        Some(name) => cast.side_for("--fleeing", name)?,
        None => 0,
    };
    let lines = cast
        .combatants
        .iter()
        .map(|c| {
            let k = &c.keys;
            chase::Line {
                name: c.name.clone(),
                count: c.count,
                side: c.side,
                speed: k.speed,
                con: k.con,
                dex: k.dex,
                str: k.str,
                wis: k.wis,
                cha: k.cha,
                stealth: k.stealth,
                per: k.per,
                tracker: k.ranger || k.survival,
            }
        })
        .collect();
    let sides = cast.sides.iter().map(|s| s.name.clone()).collect();
    let lineup = || {
        // The chase rolls standard initiative; a speed-factor action has no part in it.
        let mut creatures = creatures(&cast)?;
        for c in &mut creatures {
            c.action = None;
        }
        let sides = cast.sides.iter().map(|s| s.name.clone()).collect();
        Ok(Initiative::new(&InitiativeInput { variant: Variant::Standard, sides, creatures, rounds: 1 }))
    };
    runner.run(&chase::setup(chase::Edition::E2014, "5e", sides, lines, fleeing, args, TERRAINS, lineup)?)
}

/// The cast's combatants as 5e creatures (their keys were checked as they were read).
fn creatures(cast: &Cast) -> Result<Vec<Creature>> {
    cast.combatants
        .iter()
        .map(|c| {
            let k = &c.keys;
            if let Some(action) = &k.action {
                let parts = action.modifiers.len() + action.ignored.len();
                if parts > MAX_ACTION_PARTS {
                    return Err(Error::usage(format!(
                        "'{}': key 'action' joins {parts} parts; an action joins at most {MAX_ACTION_PARTS}",
                        c.name
                    ))
                    .hint("declare the turn's action and bonus action, e.g. action=spell:2+light"));
                }
            }
            Ok(Creature {
                name: c.name.clone(),
                count: c.count,
                side: c.side,
                dex: k.dex.unwrap_or(0),
                init: k.init,
                per: k.per.unwrap_or(DEFAULT_PASSIVE_PERCEPTION),
                alert: k.alert,
                mode: RollMode::from_keys(k.adv, k.dis),
                size: k.size.unwrap_or_default(),
                action: k.action.clone(),
                dex_score: k.dex_score,
                given: k.initiative,
                stealth: k.stealth,
            })
        })
        .collect()
}

fn surprise_input(
    cast: &Cast,
    opts: &flags::Hiding,
    stealth_ties: Option<flags::StealthTies>,
    both_surprised: bool,
) -> Result<SurpriseInput> {
    surprise_setup("5e", cast, creatures(cast)?, opts, ties(stealth_ties), Some(both_surprised))
}

/// The hiders and the creatures that may be surprised, from the surprise flags; any ruleset's
/// cast (5e2024 too). `ties` says how Stealth equal to passive Perception goes;
/// `both_surprised` is `None` for a ruleset without `--both-surprised`.
pub(crate) fn surprise_setup<S, C>(
    rules: &str,
    cast: &cast::Cast<S, C>,
    creatures: Vec<Creature>,
    opts: &flags::Hiding,
    ties: StealthTies,
    both_surprised: Option<bool>,
) -> Result<SurpriseInput> {
    let example = format!("e.g. fray -r {rules} surprise --stealth 14 Elf:per=16 Fighter:per=12");
    check_stealth_ranges(opts)?;
    let flagged = !opts.stealth.is_empty() || !opts.stealth_mod.is_empty();
    if both_surprised == Some(true) {
        check_both_surprised(rules, &creatures, opts, flagged)?;
        return Ok(nobody_hides(cast, creatures, ties, true));
    }
    // The ambushing side hides: --ambush SIDE, else a side named monsters if there is one.
    let ambush = match &opts.ambush {
        Some(name) => Some(cast.side_for("--ambush", name)?),
        None => cast.side_index("monsters"),
    };
    let hiding: Vec<bool> = creatures.iter().map(|c| Some(c.side) == ambush).collect();
    let keyed = creatures.iter().zip(&hiding).any(|(c, &hides)| hides && c.stealth.is_some());
    // PHB p.189: when neither side tries to be stealthy, they notice each other at once.
    if !flagged && !keyed && opts.ambush.is_none() {
        return Ok(nobody_hides(cast, creatures, ties, false));
    }
    if !flagged {
        check_stealth_keys(rules, cast, &creatures, &hiding, keyed, both_surprised.is_some(), &example)?;
    }
    check_someone_may_be_surprised(cast, &creatures, &hiding, ambush, &example)?;
    let hiders = if flagged { hiders(cast, ambush, opts) } else { keyed_hiders(cast, &creatures, &hiding) };
    Ok(SurpriseInput {
        sides: cast.sides.iter().map(|s| s.name.clone()).collect(),
        hiders,
        hiding,
        creatures,
        ties,
        both_surprised: false,
    })
}

/// `--stealth` and `--stealth-mod` within their ranges.
fn check_stealth_ranges(opts: &flags::Hiding) -> Result<()> {
    if let Some(bad) = opts.stealth.iter().find(|s| !STEALTH_RANGE.contains(s)) {
        return Err(Error::usage(format!("--stealth {bad} is out of range; allowed: -20 to 60")));
    }
    if let Some(bad) = opts.stealth_mod.iter().find(|s| !STEALTH_MOD_RANGE.contains(s)) {
        return Err(Error::usage(format!("--stealth-mod {bad} is out of range; allowed: -10 to 30")));
    }
    Ok(())
}

/// `--both-surprised`: nobody hides, so no Stealth and no `--ambush`, and someone to surprise.
fn check_both_surprised(rules: &str, creatures: &[Creature], opts: &flags::Hiding, flagged: bool) -> Result<()> {
    if flagged {
        return Err(Error::usage("--both-surprised takes no --stealth or --stealth-mod: nobody hides")
            .hint("drop the Stealth, or drop --both-surprised for an ambush"));
    }
    if opts.ambush.is_some() {
        return Err(Error::usage("--both-surprised takes no --ambush: nobody hides").hint("drop one of them"));
    }
    if creatures.is_empty() {
        return Err(Error::usage("no creature to check for surprise").hint(format!(
            "name the combatants, e.g. fray -r {rules} surprise --both-surprised Elf Orc:side=monsters"
        )));
    }
    Ok(())
}

/// The check with no hider: every creature is seen, or (`both_surprised`) every one is surprised.
fn nobody_hides<S, C>(
    cast: &cast::Cast<S, C>,
    creatures: Vec<Creature>,
    ties: StealthTies,
    both_surprised: bool,
) -> SurpriseInput {
    SurpriseInput {
        sides: cast.sides.iter().map(|s| s.name.clone()).collect(),
        hiding: vec![false; creatures.len()],
        creatures,
        hiders: Vec::new(),
        ties,
        both_surprised,
    }
}

/// With no Stealth flag, the hiders' Stealth comes from their keys: some hider must have one,
/// and then every hider must.
fn check_stealth_keys<S, C>(
    rules: &str,
    cast: &cast::Cast<S, C>,
    creatures: &[Creature],
    hiding: &[bool],
    keyed: bool,
    has_both_surprised: bool,
    example: &str,
) -> Result<()> {
    if !keyed {
        let or_both = if has_both_surprised { ", or --both-surprised" } else { "" };
        return Err(Error::usage(format!(
            "{rules} surprise needs the hiders' Stealth: --stealth N (a total), --stealth-mod N \
             (a hider who rolls d20 + N) or each hider's stealth=N key{or_both}"
        ))
        .hint(example));
    }
    if let Some((c, _)) = creatures.iter().zip(hiding).find(|(c, hides)| **hides && c.stealth.is_none()) {
        return Err(Error::usage(format!(
            "'{}' hides (side {}) but has no stealth=N key, and other hiders have one",
            c.name, cast.sides[c.side].name
        ))
        .hint(format!("give every hider its Stealth modifier, e.g. {}:stealth=0", c.name)));
    }
    Ok(())
}

/// Someone must stand outside the hiding side to be surprised.
fn check_someone_may_be_surprised<S, C>(
    cast: &cast::Cast<S, C>,
    creatures: &[Creature],
    hiding: &[bool],
    ambush: Option<usize>,
    example: &str,
) -> Result<()> {
    if !hiding.contains(&false) {
        let what = if creatures.is_empty() {
            "no creature to check for surprise".to_string()
        } else {
            format!("every combatant is on the hiding side ({})", cast.sides[ambush.unwrap_or(0)].name)
        };
        return Err(Error::usage(what).hint(format!("name the creatures that may be surprised, {example}")));
    }
    Ok(())
}

/// `--stealth-ties`: Stealth equal to passive Perception is noticed unless it says otherwise.
fn ties(ruling: Option<flags::StealthTies>) -> StealthTies {
    match ruling {
        Some(flags::StealthTies::Surprised) => StealthTies::Surprised,
        _ => StealthTies::Noticed,
    }
}

/// One hider per Stealth given, `--stealth` totals first. They take the names of the hiding
/// side's combatants when there is exactly one per hider; otherwise the side's name (a lone
/// hider) or `hider 1`, `hider 2`….
fn hiders<S, C>(cast: &cast::Cast<S, C>, ambush: Option<usize>, opts: &flags::Hiding) -> Vec<Hider> {
    let stealth: Vec<Stealth> = opts
        .stealth
        .iter()
        .map(|&s| Stealth::Total(s))
        .chain(opts.stealth_mod.iter().map(|&m| Stealth::Rolls(m)))
        .collect();
    let members: Vec<String> = match ambush {
        Some(side) => cast.on_side(side).flat_map(|c| c.member_names()).collect(),
        None => Vec::new(),
    };
    let names: Vec<String> = if members.len() == stealth.len() {
        members
    } else if stealth.len() == 1 {
        vec![ambush.map_or("hider".to_string(), |s| cast.sides[s].name.clone())]
    } else {
        (1..=stealth.len()).map(|i| format!("hider {i}")).collect()
    };
    names.into_iter().zip(stealth).map(|(name, stealth)| Hider { name, stealth }).collect()
}

/// Each hiding creature with its `stealth=N` key, every member of a group rolling on its own.
fn keyed_hiders<S, C>(cast: &cast::Cast<S, C>, creatures: &[Creature], hiding: &[bool]) -> Vec<Hider> {
    cast.combatants
        .iter()
        .zip(creatures)
        .zip(hiding)
        .filter_map(|((combatant, c), &hides)| Some((combatant, c.stealth.filter(|_| hides)?)))
        .flat_map(|(combatant, modifier)| {
            combatant.member_names().into_iter().map(move |name| Hider { name, stealth: Stealth::Rolls(modifier) })
        })
        .collect()
}

/// The most speed-factor rolls (combatant lines × rounds) one run keeps: four hundred
/// combatants for a hundred rounds. Every round's order is one document, so this bounds its size.
pub const MAX_SPEED_FACTOR_ROLLS: u64 = 40_000;
/// The most parts one declared action joins with `+` (a turn's action and bonus action need two
/// or three); each part is shown on every round's roll.
pub const MAX_ACTION_PARTS: usize = 8;

fn initiative_input(cast: &Cast, variant: Option<flags::Variant>, rounds: Option<u32>) -> Result<InitiativeInput> {
    let variant = match variant {
        None | Some(flags::Variant::Standard) => Variant::Standard,
        Some(flags::Variant::Score) => Variant::Score,
        Some(flags::Variant::Side) => Variant::Side,
        Some(flags::Variant::Speed) => Variant::Speed,
    };
    if rounds.is_some() && variant != Variant::Speed {
        return Err(Error::usage("--rounds is for --variant speed: only the speed factor is rolled every round")
            .hint("add --variant speed, or drop --rounds"));
    }
    let creatures = creatures(cast)?;
    if variant != Variant::Side && creatures.is_empty() {
        return Err(Error::usage(format!("{} initiative needs combatants", variant_id(variant)))
            .hint("e.g. fray -r 5e initiative Rogue:dex=4 Goblin:count=4,dex=2,side=monsters"));
    }
    for c in &cast.combatants {
        if variant == Variant::Side {
            if let Some((key, _)) = [("adv", c.keys.adv), ("dis", c.keys.dis)].into_iter().find(|(_, given)| *given) {
                return Err(Error::usage(format!(
                    "'{}': key '{key}' has no effect with --variant side: no side's roll takes a modifier",
                    c.name
                ))
                .hint("drop the key, or use --variant standard"));
            }
        }
        if c.keys.initiative.is_some() && matches!(variant, Variant::Side | Variant::Speed) {
            let why = match variant {
                Variant::Side => "each side rolls one d20 for all its members",
                _ => "the speed factor is rolled anew every round",
            };
            return Err(Error::usage(format!(
                "'{}': key 'initiative' (a total already rolled) has no place in {} initiative: {why}",
                c.name,
                variant_id(variant)
            ))
            .hint("use --variant standard, or drop the key"));
        }
        if variant != Variant::Speed && c.keys.action.is_some() {
            return Err(Error::usage(format!(
                "'{}': key 'action' is for --variant speed (the speed factor); {} initiative has no declared actions",
                c.name,
                variant_id(variant)
            ))
            .hint("add --variant speed, or drop the key"));
        }
    }
    let rounds = rounds.unwrap_or(1);
    let rolls = creatures.len() as u64 * u64::from(rounds);
    if variant == Variant::Speed && rolls > MAX_SPEED_FACTOR_ROLLS {
        // Every round's order is part of one document: bound it so the document stays small.
        return Err(Error::usage(format!(
            "--rounds {rounds} for {} combatants is {rolls} speed-factor rolls; one run holds at most \
             {MAX_SPEED_FACTOR_ROLLS}",
            creatures.len()
        ))
        .hint(format!(
            "every round is rolled anew, so --repeat N --rounds 1 gives N rounds as a stream; or at most --rounds {}",
            (MAX_SPEED_FACTOR_ROLLS / creatures.len().max(1) as u64).max(1)
        )));
    }
    Ok(InitiativeInput { variant, sides: cast.sides.iter().map(|s| s.name.clone()).collect(), creatures, rounds })
}

fn variant_id(variant: Variant) -> &'static str {
    match variant {
        Variant::Standard => "standard",
        Variant::Score => "score",
        Variant::Side => "side",
        Variant::Speed => "speed",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_lists_fill_the_key_structs() {
        cast::assert_list_fills::<NoKeys>(&KEYS.side, &[]);
        cast::assert_list_fills::<CombatantKeys>(&KEYS.combatant, &[("action", "spell:2+light+-20")]);
    }

    #[test]
    fn creatures_carry_every_key() {
        let specs = ["Elf:dex=3,init=5,per=16,alert,adv,size=small,action=light,dex-score=16", "Orc:side=monsters"];
        let combatants = specs.iter().map(|s| cast::parse_inline(s, cast::Owner::Combatant, &KEYS).unwrap()).collect();
        let cast: Cast = cast::Cast::resolve(vec![], combatants).unwrap().typed().unwrap();
        let [elf, orc] = creatures(&cast).unwrap().try_into().unwrap();
        assert_eq!((elf.dex, elf.init, elf.per, elf.alert), (3, Some(5), 16, true));
        assert_eq!((elf.mode, elf.size, elf.dex_score), (RollMode::Advantage, Size::Small, Some(16)));
        assert_eq!(elf.action.map(|a| a.net()), Some(2));
        assert_eq!(
            (orc.side, orc.dex, orc.per, orc.dex_score, orc.size),
            (1, 0, DEFAULT_PASSIVE_PERCEPTION, None, Size::Medium)
        );
    }
}
