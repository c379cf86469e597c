//! Who hides, from the surprise flags both 5e editions take (`--ambush`, `--stealth`,
//! `--stealth-mod`): the hiders and the creatures that may be surprised, checked and read into
//! a [`SurpriseInput`] for 5e and 5e2024.

use super::creature::Creature;
use super::flags::Hiding;
use super::surprise::{Hider, Stealth, StealthTies, SurpriseInput};
use crate::cast;
use crate::error::{Error, Result};

/// The Stealth totals `--stealth` accepts.
pub const STEALTH_RANGE: std::ops::RangeInclusive<i32> = -20..=60;
/// The modifiers `--stealth-mod` accepts.
pub const STEALTH_MOD_RANGE: std::ops::RangeInclusive<i32> = -10..=30;

/// The side the surprise flags name, which takes part even with nobody on it: the side that
/// hides when Stealth is given.
pub fn surprise_sides(opts: &Hiding) -> Vec<&str> {
    let hides = !opts.stealth.is_empty() || !opts.stealth_mod.is_empty();
    match opts.ambush.as_deref() {
        Some(side) => vec![side],
        None if hides => vec!["monsters"],
        None => vec![],
    }
}

/// The hiders and the creatures that may be surprised, from the surprise flags; any ruleset's
/// cast (5e2024 too). `ties` says how Stealth equal to passive Perception goes;
/// `both_surprised` is `None` for a ruleset without `--both-surprised`.
pub fn surprise_setup<S, C>(
    rules: &str,
    cast: &cast::Cast<S, C>,
    creatures: Vec<Creature>,
    opts: &Hiding,
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
fn check_stealth_ranges(opts: &Hiding) -> Result<()> {
    if let Some(bad) = opts.stealth.iter().find(|s| !STEALTH_RANGE.contains(s)) {
        return Err(Error::usage(format!("--stealth {bad} is out of range; allowed: -20 to 60")));
    }
    if let Some(bad) = opts.stealth_mod.iter().find(|s| !STEALTH_MOD_RANGE.contains(s)) {
        return Err(Error::usage(format!("--stealth-mod {bad} is out of range; allowed: -10 to 30")));
    }
    Ok(())
}

/// `--both-surprised`: nobody hides, so no Stealth and no `--ambush`, and someone to surprise.
fn check_both_surprised(rules: &str, creatures: &[Creature], opts: &Hiding, flagged: bool) -> Result<()> {
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

/// One hider per Stealth given, `--stealth` totals first. They take the names of the hiding
/// side's combatants when there is exactly one per hider; otherwise the side's name (a lone
/// hider) or `hider 1`, `hider 2`….
fn hiders<S, C>(cast: &cast::Cast<S, C>, ambush: Option<usize>, opts: &Hiding) -> Vec<Hider> {
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
