//! 5e2024: the D&D 2024 revision (SRD 5.2). Surprise is the 2014 Stealth against passive
//! Perception behind the Hide action's DC 15, and costs Disadvantage on initiative instead of a
//! turn; initiative is a Dexterity check with the Alert feat's proficiency bonus and swap; the
//! encounter distance comes from the 2024 DMG's travel terrain. This file turns the command
//! line ([`flags`]) into rule inputs, reading flags and the cast through the family's code where
//! they are the same; [`rules`] rolls them, [`text`] shows them.

pub mod flags;
#[cfg(test)]
mod odds_check;
pub mod reaction;
pub mod rules;
pub mod text;

use super::{Example, Procedure, Procedures, Ruleset};
use crate::rulesets::family::fifth::{self, RollMode, chase};

use crate::cast::{self, KeyDef, KeyList, NoKeys, RulesetKeys};
use crate::emit::Runner;
use crate::error::{Error, Result};

use rules::*;
use serde::Deserialize;

// ------------------------------------------------------------------------------------------
// Keys: the 2014 keys that mean the same, and what 2024 adds (pb, surprised, initiative).

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
    pub alert: bool,
    pub pb: Option<i32>,
    pub adv: bool,
    pub dis: bool,
    pub surprised: bool,
    pub initiative: Option<i32>,
    pub hp: Option<String>,
    pub ac: Option<i32>,
    pub save_con: Option<i32>,
}

const COMBATANT_KEYS: &[KeyDef] = &[
    KeyDef::int(
        "dex",
        -5,
        10,
        "Dex modifier: the initiative modifier, and breaks its ties; pursue's Dexterity saves (default 0)",
    ),
    KeyDef::int("init", -10, 20, "initiative modifier, as a stat block gives it (default: the Dex modifier)"),
    KeyDef::int("per", 1, 40, "passive Perception (default 10)"),
    chase::SPEED,
    chase::CON_2024,
    chase::STEALTH,
    chase::STR,
    chase::WIS,
    chase::CHA,
    KeyDef::flag("alert", "Alert feat: adds the proficiency bonus to initiative and may swap (--swap)"),
    KeyDef::int("pb", 2, 9, "proficiency bonus, added to initiative with alert"),
    KeyDef::flag("adv", "rolls initiative with Advantage"),
    KeyDef::flag("dis", "rolls initiative with Disadvantage"),
    KeyDef::flag("surprised", "was surprised: rolls initiative with Disadvantage (initiative command only)"),
    KeyDef::int("initiative", -10, 50, "an initiative total already rolled, used as given"),
    crate::fight::keys::HP,
    crate::fight::keys::AC,
    crate::fight::keys::SAVE_CON,
];

const KEYS: RulesetKeys = RulesetKeys {
    rules: "5e2024",
    side: KeyList::of::<NoKeys>(&[]),
    combatant: KeyList::of::<CombatantKeys>(COMBATANT_KEYS),
};

/// The cast with 5e2024's keys.
type Cast = cast::Cast<NoKeys, CombatantKeys>;

/// The cast's combatants as the family's creatures, with the 2014 keys that mean the same
/// (their keys were checked as they were read).
fn creatures(cast: &Cast) -> Vec<fifth::Creature> {
    cast.combatants
        .iter()
        .map(|c| {
            let k = &c.keys;
            fifth::Creature {
                name: c.name.clone(),
                count: c.count,
                side: c.side,
                dex: k.dex.unwrap_or(0),
                init: k.init,
                per: k.per.unwrap_or(fifth::DEFAULT_PASSIVE_PERCEPTION),
                alert: k.alert,
                mode: RollMode::from_keys(k.adv, k.dis),
                given: k.initiative,
                stealth: k.stealth,
                ..fifth::Creature::default()
            }
        })
        .collect()
}

/// What the 2024 keys add to each combatant.
fn additions(cast: &Cast) -> Vec<Additions> {
    cast.combatants.iter().map(|c| Additions { pb: c.keys.pb, surprised: c.keys.surprised }).collect()
}

// ------------------------------------------------------------------------------------------

const ROSTER: &str = "\
sides:
  - name: party
  - name: monsters
combatants:
  - name: Rogue
    dex: 4
    per: 14
    alert: true
    pb: 2
    con: 1
    stealth: 7
  - name: Fighter
    dex: 1
    per: 12
  - name: Cleric
    per: 15
    initiative: 17
  - name: Goblin
    count: 4
    side: monsters
    dex: 2
    stealth: 6
";

const EXAMPLES: &[Example] = &[
    Example::new(Procedure::Surprise, "fray -r 5e2024 surprise --stealth-mod 5 Elf:per=16 Fighter:per=12", "").tour(),
    Example::new(Procedure::Distance, "fray -r 5e2024 distance --terrain forest --odds", ""),
    Example::new(Procedure::Initiative, "fray -r 5e2024 initiative --swap Rogue:Fighter Rogue:alert,pb=2 Fighter", ""),
    Example::new(Procedure::Pursue, "fray -r 5e2024 pursue --complications wilderness Elf Wolf:side=monsters", ""),
    Example::new(Procedure::Encounter, "fray -r 5e2024 encounter --stealth-mod 4 Elf:per=16 Orc:side=monsters", ""),
    Example::new(
        Procedure::Encounter,
        "fray -r 5e2024 encounter --terrain hills --int 12 Elf Orc:side=monsters",
        "adds distance and reaction",
    ),
    Example::new(Procedure::Reaction, "fray -r 5e2024 reaction --attitude hostile --cha-mod 5 --int 16", ""),
    Example::new(Procedure::Reaction, "fray -r 5e2024 reaction --attitude friendly --cha-mod 3 --odds", ""),
];

/// The words a flag's value is one of, for completion: the terrains of `--terrain`.
fn flag_values(flag: &str) -> Vec<&'static str> {
    match flag {
        "--terrain" => TERRAINS.iter().map(|t| t.name).collect(),
        _ => Vec::new(),
    }
}

pub static RULESET: Ruleset = Ruleset {
    id: "5e2024",
    aliases: &["5.5e", "2024", "dnd5e2024", "dnd2024"],
    title: "D&D 2024 revision (SRD 5.2)",
    keys: KEYS,
    roster: ROSTER,
    examples: EXAMPLES,
    values: flag_values,
    fight: &crate::rulesets::family::fifth::track::RULES_2024,
    // SRD 5.2 "D20 Tests": on an attack a 20 hits and is a critical, a 1 misses
    versus: crate::dice::Versus::D20,
    procedures: Procedures {
        surprise: Some(crate::handler!(flags::SurpriseFlags, surprise_command)),
        distance: Some(crate::handler!(flags::DistanceFlags, distance_command)),
        initiative: Some(crate::handler!(flags::InitiativeFlags, initiative_command)),
        reaction: Some(crate::handler!(flags::ReactionFlags, reaction_command)),
        pursue: Some(crate::handler!(chase::flags::PursueFlags, pursue_command)),
        encounter: Some(crate::handler!(flags::EncounterFlags, encounter_command)),
        wandering: None,
        morale: None,
    },
};

/// Surprise as 2014 decides it, ties with passive Perception noticed.
fn surprise_input(cast: &Cast, opts: &fifth::flags::Hiding) -> Result<fifth::SurpriseInput> {
    fifth::hiding::surprise_setup("5e2024", cast, creatures(cast), opts, fifth::StealthTies::Noticed, None)
}

fn surprise_command(args: &flags::SurpriseFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&fifth::hiding::surprise_sides(&args.hiding));
    runner.run(&Surprise(&surprise_input(&cast, &args.hiding)?))
}

fn reaction_command(args: &flags::ReactionFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&influence_input(args))
}

fn influence_input(args: &flags::ReactionFlags) -> reaction::InfluenceInput {
    reaction::InfluenceInput {
        stance: args.stance.unwrap_or(fifth::flags::Stance::Hesitant),
        attitude: args.attitude.unwrap_or(fifth::flags::Attitude::Indifferent),
        dc: reaction::influence_dc(args.intelligence),
        modifiers: fifth::check::check_modifiers(args.cha_mod, args.modifier),
    }
}

fn distance_command(args: &flags::DistanceFlags, _: cast::Cast, runner: &mut Runner) -> Result<()> {
    runner.run(&fifth::distance_input("5e2024", TERRAINS, args.terrain.as_deref(), None, false)?)
}

/// The distance step of `encounter`, when `--terrain` is given.
fn distance_step(args: &flags::DistanceFlags) -> Result<Option<fifth::DistanceInput>> {
    match &args.terrain {
        Some(terrain) => fifth::distance_input("5e2024", TERRAINS, Some(terrain), None, false).map(Some),
        None => Ok(None),
    }
}

/// The reaction step of `encounter` (an Influence action), when one of its flags is given.
fn influence_step(args: &flags::ReactionFlags) -> Option<reaction::InfluenceInput> {
    let asked = args.attitude.is_some()
        || args.stance.is_some()
        || args.intelligence.is_some()
        || args.cha_mod.is_some()
        || args.modifier.is_some();
    asked.then(|| influence_input(args))
}

fn initiative_command(args: &flags::InitiativeFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&[]);
    let lineup = Lineup::new(&initiative_input(&cast, args.order.variant, &args.order.swap, true)?);
    runner.run(&Initiative { lineup: &lineup, surprised: lineup.surprised.clone() })
}

fn encounter_command(args: &flags::EncounterFlags, cast: cast::Cast, runner: &mut Runner) -> Result<()> {
    let cast: Cast = cast.typed()?.take_part(&fifth::hiding::surprise_sides(&args.hiding));
    let surprise = surprise_input(&cast, &args.hiding)?;
    let initiative = Lineup::new(&initiative_input(&cast, args.order.variant, &args.order.swap, false)?);
    let encounter = EncounterInput { surprise, initiative };
    runner.run(&fifth::meeting::Meeting {
        encounter: &encounter,
        distance: distance_step(&args.distance)?,
        reaction: influence_step(&args.reaction),
    })
}

/// A chase: initiative as the initiative command rolls it (standard, the `surprised` key
/// rolling with Disadvantage), then the 2024 chase.
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
                tracker: false,
            }
        })
        .collect();
    let sides = cast.sides.iter().map(|s| s.name.clone()).collect();
    let lineup = || Ok(Lineup::new(&initiative_input(&cast, None, &[], true)?));
    runner.run(&chase::setup(chase::Edition::E2024, "5e2024", sides, lines, fleeing, args, TERRAINS, lineup)?)
}

/// The initiative lineup; `alone` for the initiative command (and a chase), where the
/// `surprised` key stands in for the surprise step.
fn initiative_input(
    cast: &Cast,
    variant: Option<fifth::flags::Variant>,
    swap: &[String],
    alone: bool,
) -> Result<InitiativeInput> {
    let variant = match variant {
        None | Some(fifth::flags::Variant::Standard) => fifth::Variant::Standard,
        Some(fifth::flags::Variant::Score) => fifth::Variant::Score,
        Some(other @ (fifth::flags::Variant::Side | fifth::flags::Variant::Speed)) => {
            let name = if other == fifth::flags::Variant::Side { "side" } else { "speed" };
            return Err(Error::usage(format!(
                "--variant {name} is a 2014 DMG variant of the 5e ruleset; 5e2024 initiative takes standard or score"
            ))
            .hint(format!("for it, use -r 5e --variant {name}")));
        }
    };
    let creatures = creatures(cast);
    let additions = additions(cast);
    if creatures.is_empty() {
        return Err(Error::usage("5e2024 initiative needs combatants")
            .hint("e.g. fray -r 5e2024 initiative Rogue:dex=4,alert,pb=2 Goblin:count=4,dex=2,side=monsters"));
    }
    for (c, added) in creatures.iter().zip(&additions) {
        let name = &c.name;
        if c.alert && added.pb.is_none() && c.given.is_none() {
            return Err(Error::usage(format!(
                "'{name}': key 'alert' adds the proficiency bonus to initiative, which needs pb=N (2 to 9)"
            ))
            .hint(format!("e.g. {name}:alert,pb=2")));
        }
        if added.surprised && !alone {
            return Err(Error::usage(format!(
                "'{name}': key 'surprised' is for the initiative command; 5e2024 encounter decides surprise by Stealth"
            ))
            .hint("drop the key"));
        }
    }
    let swaps = swap.iter().map(|text| swap_pair(text, &creatures)).collect::<Result<Vec<_>>>()?;
    let mut seen: Vec<usize> = Vec::new();
    for &(a, b) in &swaps {
        if let Some(&twice) = [a, b].iter().find(|i| seen.contains(i)) {
            return Err(Error::usage(format!(
                "--swap: '{}' is in two swaps; a combatant trades initiative once",
                creatures[twice].name
            ))
            .hint("give each combatant in one --swap at most"));
        }
        seen.extend([a, b]);
    }
    let sides = cast.sides.iter().map(|s| s.name.clone()).collect();
    Ok(InitiativeInput { lineup: fifth::InitiativeInput { variant, sides, creatures, rounds: 1 }, additions, swaps })
}

/// `--swap ALERT:ALLY` as indices: ALERT has the Alert feat, ALLY is another single combatant
/// on its side (SRD 5.2, Alert: a willing ally).
fn swap_pair(text: &str, creatures: &[fifth::Creature]) -> Result<(usize, usize)> {
    let names = || creatures.iter().map(|c| c.name.as_str()).collect::<Vec<_>>().join(", ");
    let Some((alert, ally)) = text.split_once(':') else {
        return Err(Error::usage(format!("--swap '{text}': write ALERT:ALLY, the Alert holder then the ally"))
            .hint("e.g. --swap Rogue:Fighter"));
    };
    let find = |name: &str| {
        let name = name.trim();
        creatures.iter().position(|c| c.name == name).ok_or_else(|| {
            Error::usage(format!("--swap '{text}': no combatant is named '{name}'"))
                .hint(format!("combatants: {}", names()))
        })
    };
    let (a, b) = (find(alert)?, find(ally)?);
    let (holder, other) = (&creatures[a], &creatures[b]);
    if a == b {
        return Err(Error::usage(format!("--swap '{text}': a combatant cannot swap with itself"))
            .hint("name the ally to trade with"));
    }
    if !holder.alert {
        return Err(Error::usage(format!(
            "--swap '{text}': {} has no Alert feat; only an Alert holder swaps",
            holder.name
        ))
        .hint(format!("mark it {}:alert,pb=N, or put the Alert holder first", holder.name)));
    }
    if let Some(group) = [holder, other].into_iter().find(|c| c.count > 1) {
        return Err(Error::usage(format!(
            "--swap '{text}': {} is a group of {} that rolls once; a swap is between two single combatants",
            group.name, group.count
        ))
        .hint("name the group's members one by one to swap one of them"));
    }
    if holder.side != other.side {
        return Err(Error::usage(format!(
            "--swap '{text}': {} is not on {}'s side, so not an ally",
            other.name, holder.name
        ))
        .hint("swap with a combatant on the same side"));
    }
    Ok((a, b))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_key_lists_fill_the_key_structs() {
        cast::assert_list_fills::<NoKeys>(&KEYS.side, &[]);
        cast::assert_list_fills::<CombatantKeys>(&KEYS.combatant, &[("hp", "2d6+2")]);
    }

    #[test]
    fn creatures_and_additions_carry_every_key() {
        let specs = ["Rogue:dex=3,init=5,per=16,alert,pb=3,adv,surprised,initiative=12", "Orc:side=monsters,dis"];
        let combatants = specs.iter().map(|s| cast::parse_inline(s, cast::Owner::Combatant, &KEYS).unwrap()).collect();
        let cast: Cast = cast::Cast::resolve(vec![], combatants).unwrap().typed().unwrap();
        let [rogue, orc] = creatures(&cast).try_into().unwrap();
        let orc_given = orc.given;
        assert_eq!(
            (rogue.dex, rogue.init, rogue.per, rogue.alert, rogue.mode, rogue.given),
            (3, Some(5), 16, true, RollMode::Advantage, Some(12))
        );
        assert_eq!(
            (orc.side, orc.dex, orc.init, orc.per, orc.alert),
            (1, 0, None, fifth::DEFAULT_PASSIVE_PERCEPTION, false)
        );
        assert_eq!(orc.mode, RollMode::Disadvantage);
        let [rogue, orc] = additions(&cast).try_into().unwrap();
        assert_eq!((rogue.pb, rogue.surprised), (Some(3), true));
        assert_eq!((orc.pb, orc.surprised, orc_given), (None, false, None));
    }
}
