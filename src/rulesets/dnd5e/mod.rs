//! 5e: D&D 5th edition (2014) surprise and initiative with the DMG variants (seeds 002, 004).
//! This file turns the command line ([`flags`]) into rule inputs; the rules 5e2024 shares
//! (surprise, distance, initiative, encounter, the chase) are the family's, in
//! [`fifth`](crate::rulesets::family::fifth), which rolls them and works out their odds; the
//! 2014 rules alone ([`reaction`], [`morale`], [`wandering`]) are here; the fight's rules are
//! the family's too, in [`track`](crate::rulesets::family::fifth::track).

pub mod flags;
pub mod morale;
pub mod reaction;
pub mod wandering;

use super::{Example, Procedure, Procedures, Ruleset};

use crate::cast::{self, KeyDef, KeyList, NoKeys, RulesetKeys};
use crate::emit::Runner;
use crate::error::{Error, Result};
use crate::rulesets::family::fifth::check::check_modifiers;
use crate::rulesets::family::fifth::flags as shared;
use crate::rulesets::family::fifth::hiding::{surprise_setup, surprise_sides};
use crate::rulesets::family::fifth::meeting::Meeting;
use crate::rulesets::family::fifth::{
    ACTION_HELP, Action, Creature, DEFAULT_PASSIVE_PERCEPTION, EncounterInput, Initiative, InitiativeInput, NOISES,
    RollMode, Size, StealthTies, SurpriseInput, TERRAINS, Variant, chase, distance_input, parse_action,
};
use serde::Deserialize;

/// A combatant's keys, described one by one in `COMBATANT_KEYS`. Sides take none.
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
    pub hp: Option<String>,
    pub ac: Option<i32>,
    pub save_con: Option<i32>,
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
    crate::fight::keys::HP,
    crate::fight::keys::AC,
    crate::fight::keys::SAVE_CON,
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
        Size::from_word(&word)
            .ok_or_else(|| serde::de::Error::custom(format!("'{}' is not a size", crate::error::echo(&word))))
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

const EXAMPLES: &[Example] = &[
    Example::track("fray -r 5e track start Ansel:dex=3,hp=12 Orc:count=2,side=monsters,hp=15", ""),
    Example::track("fray -r 5e track --fight lair start --lair Dragon:side=monsters Ansel", ""),
    Example::new(Procedure::Surprise, "fray -r 5e surprise --stealth 14 Elf:per=16 Fighter:per=12 Wizard:per=10", "")
        .tour(),
    Example::new(Procedure::Distance, "fray -r 5e distance --terrain hills", "2d10 x 10 ft"),
    Example::new(Procedure::Distance, "fray -r 5e distance --audible loud", "heard: 2d6 x 50 ft"),
    Example::new(Procedure::Initiative, "fray -r 5e initiative Rogue:dex=4 Goblin:count=4,dex=2,side=monsters", ""),
    Example::new(Procedure::Initiative, "fray -r 5e initiative --variant speed --rounds 3 Paladin:action=spell:2", ""),
    Example::new(Procedure::Pursue, "fray -r 5e pursue --gap 30 --sight 60 Rogue:stealth=7 Orc:side=monsters", ""),
    Example::new(Procedure::Encounter, "fray -r 5e encounter --stealth 14 Elf:per=16 Orc:count=4,side=monsters", ""),
    Example::new(Procedure::Encounter, "fray -r 5e encounter --wandering --stealth 12 Elf:per=14", ""),
    Example::new(
        Procedure::Encounter,
        "fray -r 5e encounter --terrain forest --cha-mod 3 Elf Orc:side=monsters",
        "adds the distance and reaction steps",
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
    fight: &crate::rulesets::family::fifth::track::RULES_2014,
    // SRD 5.1 "Rolling 1 or 20": a 20 hits and is a critical, a 1 misses
    versus: crate::dice::Versus::D20,
};

fn reaction_command(args: &flags::ReactionFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&reaction_input(args))
}

fn reaction_input(args: &flags::ReactionFlags) -> reaction::ReactionInput {
    reaction::ReactionInput {
        attitude: args.attitude.unwrap_or(shared::Attitude::Indifferent),
        modifiers: check_modifiers(args.cha_mod, args.modifier),
    }
}

/// The reaction step of `encounter`, when one of the reaction's flags is given.
fn reaction_step(args: &flags::ReactionFlags) -> Option<reaction::ReactionInput> {
    let asked = args.attitude.is_some() || args.cha_mod.is_some() || args.modifier.is_some();
    asked.then(|| reaction_input(args))
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

/// The sides that take part: with `--variant side` every side rolls, so both default sides stay;
/// otherwise a default side with nobody on it (and none of the flags' `keep`) takes no part.
fn sides_for(cast: Cast, variant: Option<shared::Variant>, keep: &[&str]) -> Cast {
    if variant == Some(shared::Variant::Side) { cast } else { cast.take_part(keep) }
}

fn surprise_command(args: &flags::SurpriseFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&surprise_sides(&args.hiding));
    runner.run(&surprise_input(&cast, &args.hiding, args.stealth_ties, args.both_surprised)?)
}

fn distance_command(args: &flags::DistanceFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&distance_of(args)?)
}

fn distance_of(args: &flags::DistanceFlags) -> Result<crate::rulesets::family::fifth::DistanceInput> {
    let heard = args.audible.map(|noise| match noise {
        flags::Audible::Quiet => &NOISES[0],
        flags::Audible::Normal => &NOISES[1],
        flags::Audible::Loud => &NOISES[2],
    });
    distance_input("5e", TERRAINS, args.terrain.as_deref(), heard, true)
}

/// The distance step of `encounter`, when `--terrain` or `--audible` is given.
fn distance_step(args: &flags::DistanceFlags) -> Result<Option<crate::rulesets::family::fifth::DistanceInput>> {
    if args.terrain.is_none() && args.audible.is_none() {
        return Ok(None);
    }
    distance_of(args).map(Some)
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
    let meeting = Meeting {
        encounter: &encounter,
        distance: distance_step(&args.distance)?,
        reaction: reaction_step(&args.reaction),
    };
    if wandering.is_none() && morale.is_none() {
        return runner.run(&meeting);
    }
    runner.run(&super::steps::Steps { wandering, encounter: &meeting, morale })
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
    opts: &shared::Hiding,
    stealth_ties: Option<flags::StealthTies>,
    both_surprised: bool,
) -> Result<SurpriseInput> {
    surprise_setup("5e", cast, creatures(cast)?, opts, ties(stealth_ties), Some(both_surprised))
}

/// `--stealth-ties`: Stealth equal to passive Perception is noticed unless it says otherwise.
fn ties(ruling: Option<flags::StealthTies>) -> StealthTies {
    match ruling {
        Some(flags::StealthTies::Surprised) => StealthTies::Surprised,
        _ => StealthTies::Noticed,
    }
}

/// The most speed-factor rolls (combatant lines × rounds) one run keeps: four hundred
/// combatants for a hundred rounds. Every round's order is one document, so this bounds its size.
pub const MAX_SPEED_FACTOR_ROLLS: u64 = 40_000;
/// The most parts one declared action joins with `+` (a turn's action and bonus action need two
/// or three); each part is shown on every round's roll.
pub const MAX_ACTION_PARTS: usize = 8;

fn initiative_input(cast: &Cast, variant: Option<shared::Variant>, rounds: Option<u32>) -> Result<InitiativeInput> {
    let variant = match variant {
        None | Some(shared::Variant::Standard) => Variant::Standard,
        Some(shared::Variant::Score) => Variant::Score,
        Some(shared::Variant::Side) => Variant::Side,
        Some(shared::Variant::Speed) => Variant::Speed,
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
        if variant == Variant::Side
            && let Some((key, _)) = [("adv", c.keys.adv), ("dis", c.keys.dis)].into_iter().find(|(_, given)| *given)
        {
            return Err(Error::usage(format!(
                "'{}': key '{key}' has no effect with --variant side: no side's roll takes a modifier",
                c.name
            ))
            .hint("drop the key, or use --variant standard"));
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
        cast::assert_list_fills::<CombatantKeys>(&KEYS.combatant, &[("action", "spell:2+light+-20"), ("hp", "12")]);
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
