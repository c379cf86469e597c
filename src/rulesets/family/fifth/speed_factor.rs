//! What the speed factor (seed 002) reads off a creature: its size, and the action it declares,
//! each with the modifier the Dungeon Master's Guide gives it. A 2014 variant, but part of
//! the creature both editions share.

use crate::outcome::{Modifier, sum};
use serde::Serialize;

/// A creature's size.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Size {
    Tiny,
    Small,
    #[default]
    Medium,
    Large,
    Huge,
    Gargantuan,
}

impl Size {
    pub const WORDS: &'static [&'static str] = &["tiny", "small", "medium", "large", "huge", "gargantuan"];
    const ALL: [Size; 6] = [Size::Tiny, Size::Small, Size::Medium, Size::Large, Size::Huge, Size::Gargantuan];

    pub fn from_word(word: &str) -> Option<Size> {
        Size::WORDS.iter().position(|w| w.eq_ignore_ascii_case(word)).map(|i| Size::ALL[i])
    }

    pub fn word(self) -> &'static str {
        Size::WORDS[Size::ALL.iter().position(|&s| s == self).unwrap_or(2)]
    }

    /// seed 002, speed factor: tiny +5 · small +2 · medium +0 · large −2 · huge −5 · gargantuan −8.
    pub fn modifier(self) -> i32 {
        match self {
            Size::Tiny => 5,
            Size::Small => 2,
            Size::Medium => 0,
            Size::Large => -2,
            Size::Huge => -5,
            Size::Gargantuan => -8,
        }
    }
}

/// What `action=` accepts, for errors and help.
pub const ACTION_HELP: &str = "spell:LEVEL (0-9), heavy, light, finesse, two-handed, loading or a number \
                               from -20 to 20, joined with + (e.g. spell:2+light)";

/// The largest "any other" modifier an action may carry.
const OTHER_LIMIT: i32 = 20;

/// An action declared for the speed factor, with the modifiers seed 002 gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Action {
    /// As written: `spell:2+light`.
    pub declared: String,
    pub modifiers: Vec<Modifier>,
    /// Parts that add nothing, and why (`light: one +2 only`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ignored: Vec<String>,
}

impl Action {
    pub fn net(&self) -> i32 {
        sum(&self.modifiers)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Part {
    Spell(u32),
    Heavy,
    Light,
    Finesse,
    TwoHanded,
    Loading,
    Other(i32),
}

fn parse_part(token: &str) -> Result<Part, String> {
    let lower = token.to_ascii_lowercase();
    Ok(match lower.as_str() {
        "heavy" => Part::Heavy,
        "light" => Part::Light,
        "finesse" => Part::Finesse,
        "two-handed" => Part::TwoHanded,
        "loading" => Part::Loading,
        "spell" => return Err("'spell' needs its level: spell:LEVEL (0-9)".to_string()),
        _ => {
            if let Some(level) = lower.strip_prefix("spell:") {
                match level.parse::<u32>() {
                    Ok(l) if l <= 9 => Part::Spell(l),
                    _ => return Err(format!("'{token}' is not a spell level; write spell:LEVEL with LEVEL 0 to 9")),
                }
            } else if let Ok(n) = lower.parse::<i32>() {
                // A range check, not n.abs(), which overflows for the least i32.
                if !(-OTHER_LIMIT..=OTHER_LIMIT).contains(&n) {
                    return Err(format!("'{token}' is out of range; another action's modifier is -20 to 20"));
                }
                Part::Other(n)
            } else {
                return Err(format!("unknown action '{token}'; write {ACTION_HELP}"));
            }
        }
    })
}

/// Reads an action: parts joined with `+` (a `+` before a number is its sign: `light++3`, `+3`).
/// seed 002: the same modifier never applies twice in a turn; only the highest-level spell
/// counts; light or finesse gives one +2 however many such weapons; a part listed twice
/// counts once.
pub fn parse_action(text: &str) -> Result<Action, String> {
    let pieces: Vec<&str> = text.split('+').map(str::trim).collect();
    let mut parts: Vec<(String, Part)> = Vec::new();
    let mut i = 0;
    while i < pieces.len() {
        let piece = pieces[i];
        if piece.is_empty() {
            match pieces.get(i + 1) {
                Some(next) if !next.is_empty() && next.bytes().all(|b| b.is_ascii_digit()) => {
                    let token = format!("+{next}");
                    parts.push((token.clone(), parse_part(&token)?));
                    i += 2;
                    continue;
                }
                _ => return Err(format!("'{text}' has an empty part; write {ACTION_HELP}")),
            }
        }
        parts.push((piece.to_string(), parse_part(piece)?));
        i += 1;
    }
    let mut modifiers = Vec::new();
    let mut ignored = Vec::new();
    let highest = parts.iter().filter_map(|(_, p)| if let Part::Spell(l) = p { Some(*l) } else { None }).max();
    if let Some(level) = highest {
        // seed 002: subtract the spell's level; only the highest-level spell counts.
        modifiers.push(part_modifier(Part::Spell(level)));
        let mut counted = false;
        for (token, part) in &parts {
            if let Part::Spell(l) = part {
                if *l == level && !counted {
                    counted = true;
                } else {
                    ignored.push(format!("{token}: only the highest-level spell counts"));
                }
            }
        }
    }
    let mut once = |matches: fn(Part) -> bool, why: &str| {
        let mut first: Option<Part> = None;
        for (token, part) in &parts {
            if !matches(*part) {
                continue;
            }
            match first {
                None => first = Some(*part),
                Some(_) => ignored.push(format!("{token}: {why}")),
            }
        }
        if let Some(part) = first {
            modifiers.push(part_modifier(part));
        }
    };
    once(|p| p == Part::Heavy, "the same modifier applies once");
    once(|p| matches!(p, Part::Light | Part::Finesse), "one +2 for light or finesse");
    once(|p| p == Part::TwoHanded, "the same modifier applies once");
    once(|p| p == Part::Loading, "the same modifier applies once");
    let mut others: Vec<i32> = Vec::new();
    for (token, part) in &parts {
        if let Part::Other(n) = part {
            if others.contains(n) {
                ignored.push(format!("{token}: the same modifier applies once"));
            } else {
                others.push(*n);
                modifiers.push(part_modifier(Part::Other(*n)));
            }
        }
    }
    Ok(Action { declared: text.to_string(), modifiers, ignored })
}

/// seed 002, speed factor: casting a spell −level · melee heavy −2 · melee light or finesse +2
/// · melee two-handed −2 · ranged loading −5 · any other action as the referee rules.
fn part_modifier(part: Part) -> Modifier {
    match part {
        Part::Heavy => Modifier::new(-2, "heavy weapon"),
        Part::Light => Modifier::new(2, "light weapon"),
        Part::Finesse => Modifier::new(2, "finesse weapon"),
        Part::TwoHanded => Modifier::new(-2, "two-handed weapon"),
        Part::Loading => Modifier::new(-5, "loading weapon"),
        Part::Spell(level) => Modifier::new(-(level as i32), format!("spell level {level}")),
        Part::Other(n) => Modifier::new(n, "other action"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn net(text: &str) -> i32 {
        parse_action(text).unwrap().net()
    }

    #[test]
    fn seed_002_speed_factor_examples() {
        // The paladin casts a 2nd-level spell as a bonus action and attacks with a shortsword: +0.
        let paladin = parse_action("spell:2+light").unwrap();
        let shown: Vec<(i32, &str)> = paladin.modifiers.iter().map(|m| (m.value, m.source.as_str())).collect();
        assert_eq!(shown, [(-2, "spell level 2"), (2, "light weapon")]);
        assert_eq!(paladin.net(), 0);
        // The rogue fighting with two daggers gets the light-weapon +2 once.
        let rogue = parse_action("light+light").unwrap();
        assert_eq!(rogue.net(), 2);
        assert_eq!(rogue.ignored, ["light: one +2 for light or finesse"]);
        // A two-handed heavy melee weapon takes both penalties.
        assert_eq!(net("heavy+two-handed"), -4);
    }

    #[test]
    fn every_action_row() {
        for (text, expected) in [
            ("spell:0", 0),
            ("spell:1", -1),
            ("spell:9", -9),
            ("heavy", -2),
            ("light", 2),
            ("finesse", 2),
            ("two-handed", -2),
            ("loading", -5),
            ("-5", -5),
            ("3", 3),
            ("+3", 3),
            ("light+-5", -3),
            ("light++3", 5),
            ("Heavy+LIGHT", 0),
        ] {
            assert_eq!(net(text), expected, "{text}");
        }
    }

    #[test]
    fn the_same_modifier_never_applies_twice() {
        assert_eq!(net("heavy+heavy"), -2);
        assert_eq!(net("light+finesse"), 2);
        assert_eq!(net("finesse+light+finesse"), 2);
        assert_eq!(net("loading+loading"), -5);
        assert_eq!(net("two-handed+two-handed"), -2);
        assert_eq!(net("-5+-5"), -5);
        assert_eq!(net("-5+-2"), -7);
        // Only the highest-level spell counts, whatever the order.
        assert_eq!(net("spell:1+spell:3"), -3);
        assert_eq!(net("spell:3+spell:1+spell:3"), -3);
        assert_eq!(parse_action("spell:3+spell:1+spell:3").unwrap().ignored.len(), 2);
    }

    #[test]
    fn bad_actions_are_refused_with_what_is_allowed() {
        for (text, says) in [
            ("slash", "unknown action 'slash'; write spell:LEVEL"),
            ("light+", "has an empty part"),
            ("", "has an empty part"),
            ("spell", "'spell' needs its level"),
            ("spell:10", "'spell:10' is not a spell level"),
            ("spell:x", "'spell:x' is not a spell level"),
            ("21", "'21' is out of range"),
            ("light+-21", "'-21' is out of range"),
        ] {
            let err = parse_action(text).unwrap_err();
            assert!(err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn every_size_row() {
        let rows: Vec<(&str, i32)> = Size::WORDS.iter().map(|w| (*w, Size::from_word(w).unwrap().modifier())).collect();
        assert_eq!(rows, [("tiny", 5), ("small", 2), ("medium", 0), ("large", -2), ("huge", -5), ("gargantuan", -8)]);
        assert_eq!(Size::from_word("Huge"), Some(Size::Huge));
        assert_eq!(Size::from_word("colossal"), None);
        assert_eq!(Size::default().word(), "medium");
    }
}
