//! What a fight keeps of each combatant, changed by hand: damage and healing (a number or any
//! `fray roll` expression, rolled once and shown, or once a target), temporary hit points,
//! effects that run out at a turn's start or end, notes, and who the players do not see.

use super::moves::{targets, targets_where};
use super::state::{Fight, MAX_EFFECTS, MAX_NOTE_CHARS, MAX_NOTES};
use super::turns::{self, Event, Turns};
use crate::cast::echo;
use crate::error::{Error, Result};
use crate::fight::{Effect, Until};

/// The longest effect name, in characters.
const MAX_EFFECT_CHARS: usize = 64;

/// An amount as typed: a whole number, or dice.
struct Amount {
    text: String,
    node: Option<crate::dice::expr::Node>,
}

impl Amount {
    fn read(text: &str, what: &str) -> Result<Amount> {
        let text = text.trim();
        if let Ok(n) = text.parse::<i64>() {
            if n < 0 {
                let hint =
                    if what == "damage" { "to give hit points back, use 'fray track heal'" } else { "give 0 or more" };
                return Err(Error::usage(format!("the {what} is {n}, below 0")).hint(hint));
            }
            return Ok(Amount { text: text.to_string(), node: None });
        }
        let node = crate::dice::expr::parse(text).map_err(|e| {
            let echoed = crate::cast::echo(text);
            Error::usage(format!("the {what} '{echoed}', column {}: {}", e.column, e.message))
                .hint(e.hint.unwrap_or("give a number or dice, such as 7 or 2d6+3"))
        })?;
        Ok(Amount { text: text.to_string(), node: Some(node) })
    }

    /// The amount, rolled from `dice` (never below 0), and its dice in words.
    fn roll(&self, dice: &mut crate::dice::SeededDice) -> (i64, Option<String>) {
        match &self.node {
            None => (self.text.parse().unwrap_or(0).min(crate::fight::keys::MAX_POINTS), None),
            Some(node) => {
                let (total, words) = crate::fight::keys::roll_dice(&self.text, node, dice);
                (total.clamp(0, crate::fight::keys::MAX_POINTS), Some(words))
            }
        }
    }
}

/// `TARGET... AMOUNT`: the targets and the amount, which comes last.
fn targets_and_amount<'a>(words: &'a [String], command: &str) -> Result<(&'a [String], &'a str)> {
    match words {
        [targets @ .., amount] if !targets.is_empty() => Ok((targets, amount)),
        _ => Err(Error::usage(format!("{command} needs who and how much"))
            .hint(format!("for example: fray track {command} 'Orc 2' 2d6+3"))),
    }
}

/// How damage is dealt: halved (a save made against it), rolled for each target, of a kind.
pub struct Dealt<'a> {
    pub half: bool,
    pub each: bool,
    pub kind: Option<&'a str>,
    /// A critical hit (5e: two failed death saves at 0 hit points).
    pub critical: bool,
}

/// `damage TARGET... AMOUNT`: the amount rolled once (or for each target), halved where saved
/// against (rounded down), and taken by each target as its ruleset counts it.
pub fn damage(fight: &mut Fight, words: &[String], dealt: Dealt, turns: &mut Turns) -> Result<()> {
    harm(fight, words, "damage", dealt, turns)
}

/// `heal TARGET... AMOUNT`.
pub fn heal(fight: &mut Fight, words: &[String], each: bool, turns: &mut Turns) -> Result<()> {
    harm(fight, words, "heal", Dealt { half: false, each, kind: None, critical: false }, turns)
}

/// `temp TARGET... AMOUNT`: temporary hit points; they do not add up, and the higher are kept
/// (SRD 5.1 and 5.2, Temporary Hit Points).
pub fn temp(fight: &mut Fight, words: &[String], each: bool, turns: &mut Turns) -> Result<()> {
    harm(fight, words, "temp", Dealt { half: false, each, kind: None, critical: false }, turns)
}

fn harm(fight: &mut Fight, words: &[String], command: &'static str, dealt: Dealt, turns: &mut Turns) -> Result<()> {
    let (names, amount) = targets_and_amount(words, command)?;
    let what = match command {
        "heal" => "healing",
        "temp" => "temporary hit points",
        _ => "damage",
    };
    let amount = Amount::read(amount, what)?;
    let rules = turns.rules;
    let kinds = rules.fight.damage_kinds();
    if let Some(kind) = dealt.kind
        && !kinds.contains(&kind)
    {
        return Err(Error::usage(format!("the {} ruleset counts no {kind} damage", rules.id))
            .hint("damage is hit points there: give the amount alone"));
    }
    let kind = dealt.kind.or(kinds.first().copied());
    let who = targets_where(fight, names, |c| turns::able(turns, c))?;
    for name in &who {
        let c = fight.combatant(name).ok_or_else(|| Error::usage(format!("nobody named '{}'", echo(name))))?;
        if c.hp.is_none() {
            let key = if kinds.is_empty() { "hp=N" } else { "health=N" };
            return Err(Error::usage(format!("{} has no hit points kept in the fight", echo(name)))
                .hint(format!("give them with 'fray track set \"{name}\" {key}' (or the key {key} when it joins)")));
        }
    }
    if command == "temp" && !rules.fight.temporary_hit_points() {
        let with: Vec<&str> =
            crate::rulesets::RULESETS.iter().filter(|r| r.fight.temporary_hit_points()).map(|r| r.id).collect();
        return Err(Error::usage(format!("the {} ruleset has no temporary hit points", rules.id))
            .hint(format!("rulesets with them: {}", with.join(", "))));
    }
    let round = fight.round;
    let mut rolled = amount.roll(&mut turns.dice);
    for (k, name) in who.iter().enumerate() {
        if dealt.each && k > 0 {
            rolled = amount.roll(&mut turns.dice);
        }
        let (full, dice) = &rolled;
        let points = if dealt.half { full / 2 } else { *full };
        let Some(c) = fight.combatant_mut(name) else { continue };
        let before = c.hp_words().unwrap_or_default();
        let hp_before = c.hp.unwrap_or(0);
        let was_down = c.down.clone();
        let said = match command {
            "heal" => rules.fight.heal(c, points),
            "temp" => {
                let kept = c.temp_hp.max(points);
                let said = match (kept > c.temp_hp, dice) {
                    (true, Some(dice)) => format!("{name} gains {kept} temporary hit points ({dice})"),
                    (true, None) => format!("{name} gains {kept} temporary hit points"),
                    (false, _) => {
                        format!("{name} keeps its {kept} temporary hit points (the higher; {points} do not add)")
                    }
                };
                c.temp_hp = kept;
                vec![said]
            }
            _ => rules.fight.damage(c, points, kind),
        };
        let after = c.hp_words().unwrap_or_default();
        let fell = c.down.is_some() && c.down != was_down;
        let mut how = match dice {
            Some(dice) => format!("{points} ({dice}{})", if dealt.half { ", halved" } else { "" }),
            None if dealt.half => format!("{points} ({full} halved)"),
            None => points.to_string(),
        };
        if let (Some(kind), "damage") = (kind, command) {
            how.push(' ');
            how.push_str(kind);
        }
        let verb = if command == "heal" { "heals" } else { "takes" };
        if command != "temp" {
            turns.note(round, name, command, format!("{name} {verb} {how}: {before} → {after}"));
        }
        for line in said {
            let down = fell && line.starts_with(&format!("{name} is "));
            turns.note(round, name, if down { "down" } else { command }, line);
        }
        if command == "damage" {
            let lost = hp_before - fight.combatant(name).and_then(|c| c.hp).unwrap_or(hp_before);
            let dealt = crate::fight::rules::Dealt { amount: points, lost, critical: dealt.critical };
            turns::fire(fight, turns, |rules, table| rules.on_damage(table, name, &dealt));
        }
    }
    bury(fight, turns);
    Ok(())
}

/// The dead take their effects with them, and the effects that hung on their concentration.
pub fn bury(fight: &mut Fight, turns: &mut Turns) {
    let round = fight.round;
    let dead: Vec<String> =
        fight.combatants.iter().filter(|c| c.down.as_deref() == Some("dead")).map(|c| c.name.clone()).collect();
    if dead.is_empty() {
        return;
    }
    for c in &mut fight.combatants {
        let name = c.name.clone();
        let gone =
            |e: &Effect| dead.contains(&name) || e.concentration.as_ref().is_some_and(|caster| dead.contains(caster));
        let ended: Vec<String> = c.effects.iter().filter(|e| gone(e)).map(|e| e.name.clone()).collect();
        if ended.is_empty() {
            continue;
        }
        c.effects.retain(|e| !gone(e));
        let text = if dead.contains(&name) {
            format!("{name}'s effects end with it: {}", ended.join(", "))
        } else {
            format!("{} on {name} ends: whose concentration it hung on is dead", ended.join(", "))
        };
        turns.note(round, &name, "ends", text);
    }
}

/// `set NAME hp=N|hp-max=N|temp-hp=N|down=WORD`.
pub fn set_vital(fight: &mut Fight, name: &str, key: &str, value: &str, turns: &mut Turns) -> Result<()> {
    let who = targets(fight, &[name.to_string()])?;
    for target in &who {
        let Some(c) = fight.combatant_mut(target) else { continue };
        let number = || -> Result<i64> {
            value.parse::<i64>().ok().filter(|n| n.abs() <= crate::fight::keys::MAX_POINTS).ok_or_else(|| {
                Error::usage(format!("{key}={} is not a number of hit points", echo(value)))
                    .hint(format!("for example {key}=12"))
            })
        };
        let text = match key {
            "hp" => {
                let hp = number()?;
                c.hp = Some(hp);
                if c.hp_max.is_none_or(|max| max < hp) {
                    c.hp_max = Some(hp.max(1));
                }
                if hp > 0 && c.down.as_deref().is_some_and(|d| d != "dead" && d != "fled") {
                    c.down = None;
                }
                format!("{target}: hit points {}", c.hp_words().unwrap_or_default())
            }
            "hp-max" => {
                let max = number()?;
                if max < 1 {
                    return Err(Error::usage("hp-max is at least 1").hint("for example hp-max=12"));
                }
                c.hp_max = Some(max);
                c.hp = Some(c.hp.map_or(max, |hp| hp.min(max)));
                format!("{target}: hit points {}", c.hp_words().unwrap_or_default())
            }
            "temp-hp" => {
                let temp = number()?.max(0);
                c.temp_hp = temp;
                format!("{target}: {temp} temporary hit points")
            }
            _ => {
                let word = value.trim();
                if word.is_empty() || word.chars().count() > 32 {
                    return Err(Error::usage(format!("down={} is not a word", echo(value)))
                        .hint("for example down=unconscious, down=fled, or down=no to bring it back"));
                }
                if matches!(word, "no" | "false" | "up") {
                    c.down = None;
                    format!("{target} is up again")
                } else {
                    c.down = Some(word.to_string());
                    format!("{target} is {word}")
                }
            }
        };
        turns.note(fight.round, target, "set", text);
    }
    Ok(())
}

/// What `effect` was given.
pub struct EffectArgs<'a> {
    pub words: &'a [String],
    pub rounds: Option<u32>,
    pub until: Until,
    pub of: Option<&'a str>,
    pub concentration: Option<Option<&'a str>>,
    pub end: bool,
}

/// `effect TARGET... NAME [--rounds N] [--until start|end] [--of NAME] [--concentration
/// [CASTER]]`: a named effect on each target, running out at the start (or end) of the turn
/// of `--of` (default: the target itself) N rounds on, or kept until ended; `effect [TARGET...]
/// NAME --end` ends it (on everyone, when no target is named).
pub fn effect(fight: &mut Fight, args: EffectArgs, turns: &mut Turns) -> Result<()> {
    let (names, effect) = match args.words {
        [names @ .., effect] => (names, effect.trim()),
        [] => {
            return Err(
                Error::usage("effect needs its name").hint("for example: fray track effect Orc Stunned --rounds 1")
            );
        }
    };
    if effect.is_empty() || effect.chars().count() > MAX_EFFECT_CHARS {
        return Err(Error::usage(format!("'{}' is not an effect's name", echo(effect)))
            .hint(format!("a name of 1 to {MAX_EFFECT_CHARS} characters, such as Bless or 'Hold Person'")));
    }
    if args.end {
        return end_effect(fight, names, effect, turns);
    }
    if names.is_empty() {
        return Err(Error::usage(format!("effect {} needs who it is on", echo(effect)))
            .hint(format!("for example: fray track effect Orc {} --rounds 10", echo(effect))));
    }
    if args.rounds == Some(0) {
        return Err(Error::usage("an effect of 0 rounds ends as it begins")
            .hint("give --rounds 1 or more, or leave it out to keep the effect until it is ended"));
    }
    let who = targets_where(fight, names, |c| turns::able(turns, c))?;
    let of = match args.of {
        Some(of) => {
            let known = fight.combatant(of).is_some() || fight.order.iter().any(|s| s.name == of);
            if !known {
                return Err(Error::usage(format!("--of names '{}', who is not in the fight", echo(of)))
                    .hint(format!("in the fight: {}", super::moves::names(fight))));
            }
            Some(of.to_string())
        }
        None => None,
    };
    let concentration = match args.concentration {
        None => None,
        Some(Some(caster)) => Some(caster.to_string()),
        Some(None) => match (&of, fight.current()) {
            (Some(of), _) => Some(of.clone()),
            (None, Some(seat)) if seat.who().len() == 1 => Some(seat.who()[0].to_string()),
            _ => {
                return Err(Error::usage("whose concentration does it hang on?")
                    .hint("name the caster: --concentration CASTER (or --of CASTER)"));
            }
        },
    };
    if let Some(caster) = &concentration
        && fight.combatant(caster).is_none()
    {
        return Err(nobody(fight, caster));
    }
    let round = fight.round;
    for target in &who {
        let of = of.clone().unwrap_or_else(|| target.clone());
        let Some(c) = fight.combatant_mut(target) else { continue };
        c.effects.retain(|e| e.name != effect);
        if c.effects.len() >= MAX_EFFECTS {
            return Err(Error::usage(format!("{target} has {MAX_EFFECTS} effects already"))
                .hint(format!("end one with 'fray track effect \"{target}\" NAME --end'")));
        }
        let ends_round = args.rounds.map(|n| round.saturating_add(n));
        c.effects.push(Effect {
            name: effect.to_string(),
            ends_round,
            until: args.until,
            of: of.clone(),
            concentration: concentration.clone(),
        });
        let lasts = match args.rounds {
            Some(n) => format!(
                "for {n} round{}, to the {} of {} turn in round {}",
                if n == 1 { "" } else { "s" },
                args.until.word(),
                crate::render::possessive(&of),
                round + n
            ),
            None => "until it is ended".to_string(),
        };
        turns.note(round, target, "effect", format!("{target}: {effect}, {lasts}"));
    }
    Ok(())
}

fn nobody(fight: &Fight, name: &str) -> Error {
    Error::usage(format!("nobody named '{}' is in the fight '{}'", echo(name), fight.fight))
        .hint(format!("in the fight: {}", super::moves::names(fight)))
}

fn end_effect(fight: &mut Fight, names: &[String], effect: &str, turns: &mut Turns) -> Result<()> {
    let who = if names.is_empty() {
        fight.combatants.iter().map(|c| c.name.clone()).collect()
    } else {
        targets(fight, names)?
    };
    let round = fight.round;
    let mut ended = 0;
    for name in &who {
        let Some(c) = fight.combatant_mut(name) else { continue };
        let before = c.effects.len();
        c.effects.retain(|e| e.name != effect);
        if c.effects.len() < before {
            ended += 1;
            turns.note(round, name, "ends", format!("{effect} on {name} is ended"));
        }
    }
    if ended == 0 {
        let on = if names.is_empty() { "anyone".to_string() } else { names.join(", ") };
        return Err(Error::usage(format!("no effect named '{}' is on {on}", echo(effect)))
            .hint("fray track show lists each combatant's effects"));
    }
    Ok(())
}

/// `note TARGET TEXT...`, or `note TARGET --clear`.
pub fn note(fight: &mut Fight, target: &str, words: &[String], clear: bool, turns: &mut Turns) -> Result<()> {
    let who = targets(fight, &[target.to_string()])?;
    let text = words.join(" ");
    if !clear && text.trim().is_empty() {
        return Err(Error::usage("the note is empty")
            .hint(format!("for example: fray track note {} 'has the key'", echo(target))));
    }
    if text.chars().count() > MAX_NOTE_CHARS || text.chars().any(char::is_control) {
        return Err(
            Error::usage(format!("a note is one line of at most {MAX_NOTE_CHARS} characters")).hint("shorten it")
        );
    }
    let round = fight.round;
    for name in &who {
        let Some(c) = fight.combatant_mut(name) else { continue };
        if clear {
            c.notes.clear();
            turns.note(round, name, "note", format!("{name}'s notes are cleared"));
            continue;
        }
        if c.notes.len() >= MAX_NOTES {
            return Err(Error::usage(format!("{name} has {MAX_NOTES} notes already"))
                .hint(format!("clear them with 'fray track note \"{name}\" --clear'")));
        }
        c.notes.push(text.trim().to_string());
        turns.note(round, name, "note", format!("{name}: “{}”", text.trim()));
    }
    Ok(())
}

/// `hide TARGET...` and `reveal TARGET...`: whether the players see them.
pub fn hide(fight: &mut Fight, names: &[String], hidden: bool, turns: &mut Turns) -> Result<()> {
    let who = targets(fight, names)?;
    let round = fight.round;
    for name in &who {
        if let Some(c) = fight.combatant_mut(name) {
            c.hidden = hidden;
        }
        let text = if hidden { format!("{name} is hidden from the players") } else { format!("{name} is revealed") };
        turns.events.push(Event::new(round, Some(name), if hidden { "hide" } else { "reveal" }, text));
    }
    Ok(())
}

/// The rulesets whose rules include `id`, for hints.
fn with_rule(id: &str) -> String {
    let with: Vec<&str> = crate::rulesets::RULESETS
        .iter()
        .filter(|r| r.fight.fired_rules().iter().any(|rule| rule.id == id))
        .map(|r| r.id)
        .collect();
    with.join(", ")
}

/// `morale NAME...`: a morale check by hand for each side, group or combatant named, with an
/// adjustment to its score.
pub fn morale(fight: &mut Fight, names: &[String], modifier: i32, turns: &mut Turns) -> Result<()> {
    let rules = turns.rules;
    if !rules.fight.fired_rules().iter().any(|r| r.id == "morale") {
        return Err(Error::usage(format!("the {} ruleset has no morale check to make by hand", rules.id))
            .hint(format!("rulesets with one: {}", with_rule("morale"))));
    }
    let who = targets_where(fight, names, |c| c.down.is_none())?;
    turns::fire(fight, turns, |rules, table| {
        rules.check_morale(table, &who, modifier);
    });
    Ok(())
}

/// `attack TARGET...`: each target's Defense against an attack, one less for each attack on it
/// after the first this turn.
pub fn attack(fight: &mut Fight, names: &[String], turns: &mut Turns) -> Result<()> {
    let rules = turns.rules;
    if !rules.fight.fired_rules().iter().any(|r| r.id == "defense") {
        return Err(Error::usage(format!("the {} ruleset keeps no Defense that attacks wear down", rules.id))
            .hint(format!("rulesets with one: {}", with_rule("defense"))));
    }
    let who = targets_where(fight, names, |c| c.down.is_none())?;
    for name in &who {
        let surprised = fight
            .order
            .iter()
            .find(|s| s.who().contains(&name.as_str()))
            .is_some_and(|s| s.out.as_ref().is_some_and(|o| o.reason == "surprised"));
        turns::fire(fight, turns, |rules, table| rules.on_attack(table, name, surprised));
    }
    Ok(())
}
