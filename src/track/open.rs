//! The tracker's way into the procedures: the opening (the encounter or the initiative), a
//! round's initiative rolled anew and a late arrival's, each run by the ruleset's own handler
//! as `fray encounter` and `fray initiative` run it, rolled once, and handed back typed (its
//! acting order, who it leaves out) with its document and text; and the combatants a cast
//! brings into the fight.

use super::state::{Fight, SavedRoster, Seat, Setup};
use super::turns::Event;
use crate::cast::{Cast, member_names};
use crate::cli::{self, Format};
use crate::dice::SeededDice;
use crate::emit::{Runner, Style};
use crate::error::{Error, Result};
use crate::fight::{Combatant, Opening};
use crate::render::Palette;
use crate::roster::Document;
use crate::rulesets::{Game, Procedure, Ruleset};
use serde_json::Value;
use std::path::PathBuf;

/// A cast loaded for a fight: the cast, its combatants as rolled, the rosters read, and the
/// groups whose number was rolled.
pub type Loaded = (Cast, Vec<String>, Vec<SavedRoster>, Vec<crate::dice::expr::GroupRoll>);

/// One run of a procedure: the acting order it hands over, its document (without the header)
/// and, when asked for, its text.
pub struct Ran {
    pub opening: Opening,
    pub doc: Value,
    pub text: String,
}

/// Where a cast's roster comes from: files read for this start (and kept), or the text kept in
/// the fight.
pub enum RosterSource<'a> {
    Read(Vec<SavedRoster>),
    Kept(&'a [SavedRoster]),
}

/// The rosters at `paths` read whole (`-` from `stdin`), as a fight keeps them.
pub fn read_rosters(paths: &[PathBuf], stdin: &mut dyn std::io::Read) -> Result<Vec<SavedRoster>> {
    let mut rosters = Vec::with_capacity(paths.len());
    for path in paths {
        let (text, name) = crate::roster::read_file(path, &mut *stdin)?;
        rosters.push(SavedRoster { name, text });
    }
    Ok(rosters)
}

/// The ruleset the first roster naming one (`rules:`) names, for a fight nothing else names one
/// for; a roster naming no known ruleset is left to [`load_cast`] to refuse.
pub fn rules_of_rosters(rosters: &[SavedRoster]) -> Option<&'static Ruleset> {
    rosters.iter().find_map(|saved| {
        let (word, _) = Document::read(&saved.text, saved.name.clone()).declared_rules()?;
        Some(Ruleset::named(word.trim()))
    })?
}

/// The sides and combatants of `opts`: the one call into the cast loading, as `fray`'s game
/// commands make it (groups' dice counts rolled, shown on `shown`). Returns the combatants as
/// rolled (a dice count written as the number it rolled), to keep, the roster's text when
/// a file was read, and the groups whose number was rolled.
pub fn load_cast(
    rules: &Ruleset,
    opts: &cli::Cast,
    roster: RosterSource,
    seed: u64,
    shown: &mut dyn std::io::Write,
) -> Result<Loaded> {
    let (rosters, kept) = match roster {
        RosterSource::Read(kept) => {
            let mut documents = Vec::with_capacity(kept.len());
            for saved in &kept {
                let document = Document::read(&saved.text, saved.name.clone());
                check_roster_rules(rules, &document)?;
                documents.push(document);
            }
            (documents, kept)
        }
        RosterSource::Kept(saved) => {
            (saved.iter().map(|s| Document::read(&s.text, s.name.clone())).collect(), Vec::new())
        }
    };
    let mut groups = crate::dice::expr::GroupRoller::new(seed, shown);
    let cast = rules.load_cast(&rosters, &opts.sides, &opts.combatants, &mut groups)?;
    let combatants = opts.combatants.iter().map(|text| as_rolled(text, &cast)).collect();
    Ok((cast, combatants, kept, groups.rolled))
}

/// A roster that names another ruleset (`rules:`) than the fight's is refused.
fn check_roster_rules(rules: &Ruleset, document: &Document) -> Result<()> {
    let Some((word, line)) = document.declared_rules() else { return Ok(()) };
    let named = Ruleset::named(word.trim());
    if named.is_some_and(|named| named.id == rules.id) {
        return Ok(());
    }
    let file = document.file();
    let what = match named {
        Some(named) => format!("is for {} (rules: on line {line}), but the fight is a {} fight", named.id, rules.id),
        None => format!("names '{}' on line {line}, which is not a ruleset", crate::cast::echo(&word)),
    };
    Err(Error::usage(format!("the roster {file} {what}")).hint(format!(
        "start the fight with -r {}, or give a roster for {}",
        named.map_or("RULES", |n| n.id),
        rules.id
    )))
}

/// The groups whose number was rolled (`Goblin*2d4`) as an event of round `round`, its roll
/// the groups' dice, as `fray encounter` shows them; none when no number was rolled.
pub fn appearing(round: u32, rolled: &[crate::dice::expr::GroupRoll], palette: Option<Palette>) -> Option<Event> {
    if rolled.is_empty() {
        return None;
    }
    let p = palette.unwrap_or(Palette::new(false));
    let step = crate::emit::Before::appearing(rolled, &p, false);
    let mut shown = String::new();
    crate::render::before_step(&mut shown, &p, step.key, &step.lines);
    let each: Vec<String> =
        rolled.iter().map(|g| format!("{} {} ({} = {})", g.total, g.name, g.dice, g.total)).collect();
    let text = format!("number appearing: {}", each.join(", "));
    Some(Event { roll: Some(step.data), shown: palette.map(|_| shown), ..Event::new(round, None, "appearing", text) })
}

/// An inline combatant as the fight keeps it: a group whose size was dice (`Orc:count=2d4`,
/// `Orc*2d4`) written with the number it rolled, so the fight's later casts have the same.
fn as_rolled(text: &str, cast: &Cast) -> String {
    let Ok(spec) = crate::cast::split_spec(text, "combatant", true) else { return text.to_string() };
    if !matches!(spec.count, Some(crate::dice::expr::Count::Dice { .. })) {
        return text.to_string();
    }
    let Some(group) = cast.combatants.iter().find(|c| c.name == spec.name) else { return text.to_string() };
    let mut out = format!("{}:count={}", spec.name, group.count);
    for (key, value) in spec.keys {
        out.push(',');
        out.push_str(key);
        if let Some(value) = value {
            out.push('=');
            out.push_str(value);
        }
    }
    out
}

/// Runs `game` under `rules` on `cast` with `seed`, once: the acting order it hands over,
/// its document, and its text when `palette` is given.
pub fn run(rules: &'static Ruleset, game: &Game, cast: &Cast, seed: u64, palette: Option<Palette>) -> Result<Ran> {
    let name = match game.procedure {
        Procedure::Encounter => "encounter",
        _ => "initiative",
    };
    let style = Style {
        palette: palette.unwrap_or(Palette::new(false)),
        format: Format::Text,
        quiet: false,
        show_seed: false,
        seed_footer: false,
        repeat: None,
        odds: false,
        seed,
    };
    let (mut out, mut err) = (std::io::sink(), std::io::sink());
    let mut runner = Runner::new(&mut out, &mut err, style, rules.id, name);
    runner.capture_opening(palette.is_some());
    rules.run(game, cast.clone(), &mut runner)?;
    let opened = runner.take_opened().unwrap_or_default();
    let opening = opened
        .opening
        .ok_or_else(|| Error::data(format!("the {} {name} gives no acting order to open a fight with", rules.id)))?;
    Ok(Ran { opening, doc: opened.doc, text: opened.text })
}

/// The command that rolls a round's initiative for the fight set up as `setup` under `rules`:
/// the order flags `start` was given that its initiative takes, read as `fray initiative`
/// reads them (the cast is handed over loaded).
pub fn initiative(rules: &Ruleset, setup: &Setup) -> Result<Game> {
    let mut words: Vec<String> = Vec::new();
    let mut give = |flag: &str, value: Option<&String>| {
        if rules.takes_flag(crate::rulesets::Procedure::Initiative, flag) {
            words.push(flag.to_string());
            words.extend(value.cloned());
        }
    };
    if let Some(ties) = &setup.ties {
        give("--ties", Some(ties));
    }
    if let Some(variant) = &setup.variant {
        give("--variant", Some(variant));
    }
    for side in &setup.wait {
        give("--wait", Some(side));
    }
    if setup.individual {
        give("--individual", None);
    }
    rules.read_command(crate::rulesets::Procedure::Initiative, &words)
}

/// The cast options of the fight as set up (its roster, if any, read back from the fight).
pub fn cast_options(setup: &Setup, combatants: Vec<String>) -> cli::Cast {
    cli::Cast {
        combatants,
        sides: setup.sides.clone(),
        roster: setup.rosters.iter().map(|r| PathBuf::from(&r.name)).collect(),
        roster_example: false,
    }
}

/// The acting order an opening hands over, as seats ranked from 0: a seat named as a
/// combatant holds a group's members, one named as a side (where sides take the turns) that
/// side's combatants (but those with a place of their own); places that act together share a
/// seat (`party+monsters`).
pub fn seats(opening: &Opening, cast: &Cast) -> Vec<Seat> {
    let own_place = |name: &str| opening.entries.iter().any(|e| e.name == name);
    let mut seats: Vec<Seat> = Vec::new();
    for entry in &opening.entries {
        let (side, members) =
            match (cast.combatants.iter().find(|c| c.name == entry.name), cast.side_index(&entry.name)) {
                (Some(c), _) => {
                    let members = if c.count > 1 { member_names(&c.name, c.count) } else { Vec::new() };
                    (Some(cast.sides[c.side].name.clone()), members)
                }
                (None, Some(side)) => {
                    let members =
                        cast.on_side(side).filter(|c| !own_place(&c.name)).flat_map(|c| c.member_names()).collect();
                    (None, members)
                }
                (None, None) => (entry.side.clone(), Vec::new()),
            };
        let mut seat = Seat::new(&entry.name, entry.total.clone());
        seat.side = side;
        seat.members = members;
        seat.tie = entry.tie;
        seat.rolled = entry.rolled.clone();
        match seats.last_mut().filter(|_| entry.together) {
            Some(last) => {
                if last.members.is_empty() {
                    last.members.push(last.name.clone());
                }
                last.members.extend(if seat.members.is_empty() { vec![seat.name.clone()] } else { seat.members });
                last.name = format!("{}+{}", last.name, seat.name);
                last.side = None;
                last.rolled = match (&last.rolled, &seat.rolled) {
                    (Some(a), Some(b)) => Some(format!("{a} / {b}")),
                    (a, b) => a.clone().or(b.clone()),
                };
            }
            None => seats.push(seat),
        }
    }
    for (rank, seat) in seats.iter_mut().enumerate() {
        seat.rank = rank as u32;
    }
    seats
}

/// The combatants `cast` brings that the fight does not have yet, each member of a group on
/// its own, with its hit points rolled (from `dice`) as its ruleset says; and the dice each
/// roll showed, in words.
pub fn enter(fight: &mut Fight, cast: &Cast, rules: &Ruleset, dice: &mut SeededDice) -> Vec<(String, String)> {
    let mut rolled = Vec::new();
    for side in &cast.sides {
        if !fight.sides.contains(&side.name) {
            fight.sides.push(side.name.clone());
        }
    }
    let first = fight.sides.first().cloned();
    for c in &cast.combatants {
        let side = cast.sides[c.side].name.clone();
        let carried = rules.fight.carries(&c.keys);
        for name in c.member_names() {
            if fight.combatant(&name).is_some() {
                continue;
            }
            let mut member = Combatant::new(&name, side.clone());
            member.group = (c.count > 1).then(|| c.name.clone());
            member.pc = first.as_ref() == Some(&side);
            if let Some(points) = &carried.hp {
                let (hp, shown) = points.roll(dice);
                member.hp = Some(hp);
                member.hp_max = Some(hp);
                if let Some(shown) = shown {
                    rolled.push((name.clone(), format!("{name}: hp {shown}")));
                }
            }
            member.own = carried.own.clone();
            fight.combatants.push(member);
        }
    }
    rolled
}
