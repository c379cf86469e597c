//! Sides and combatants: the shared shapes every ruleset reads, the key schemas rulesets
//! declare, and the inline `NAME[*COUNT][:KEY[=VALUE],...]` syntax.
//!
//! Parsing checks every key against the ruleset's schema (unknown keys, missing values,
//! ranges), so each ruleset only reads typed values that are already known to be valid.

use crate::error::{Error, Result};
use serde::Serialize;
use std::collections::HashSet;
use std::fmt;

/// The longest name a side or combatant may have, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// The largest `*COUNT` group.
pub const MAX_GROUP: u32 = 1000;
/// The most combatants (after groups are counted) and sides one command takes.
pub const MAX_COMBATANTS: usize = 10_000;
pub const MAX_SIDES: usize = 100;

/// What kind of value a key takes.
#[derive(Clone, Copy, Debug)]
pub enum KeyKind {
    /// Present or absent: `cr`, `alert`. `cr=true`/`cr=false` are accepted too.
    Flag,
    /// A whole number in a range: `iq=12`, `dex=+2`.
    Int { min: i64, max: i64 },
    /// A number with up to two decimals, kept in hundredths: `speed=5.75`.
    Hundredths { min: i64, max: i64 },
    /// One of a few words: `size=large`.
    Word(&'static [&'static str]),
    /// Free text checked by the ruleset: `action=spell:2+light`.
    Text(fn(&str) -> Result<(), String>),
}

/// One key a ruleset understands.
#[derive(Clone, Copy, Debug)]
pub struct KeyDef {
    pub name: &'static str,
    pub kind: KeyKind,
    pub help: &'static str,
}

impl KeyDef {
    pub const fn flag(name: &'static str, help: &'static str) -> KeyDef {
        KeyDef { name, kind: KeyKind::Flag, help }
    }

    pub const fn int(name: &'static str, min: i64, max: i64, help: &'static str) -> KeyDef {
        KeyDef { name, kind: KeyKind::Int { min, max }, help }
    }

    /// What the key accepts, for error messages and the roster template.
    pub fn allowed(&self) -> String {
        match self.kind {
            KeyKind::Flag => "no value (or true/false)".to_string(),
            KeyKind::Int { min, max } => format!("a whole number from {min} to {max}"),
            KeyKind::Hundredths { min, max } => {
                format!("a number from {} to {}", Hundredths(min), Hundredths(max))
            }
            KeyKind::Word(words) => format!("one of {}", words.join(", ")),
            KeyKind::Text(_) => self.help.to_string(),
        }
    }
}

/// A validated key value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Value {
    Flag(bool),
    Int(i64),
    Hundredths(i64),
    Text(String),
}

/// A number kept in hundredths, shown with its decimals: `5.75`, `6`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Hundredths(pub i64);

impl fmt::Display for Hundredths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.0 < 0 { "-" } else { "" };
        let (whole, part) = (self.0.abs() / 100, self.0.abs() % 100);
        let text = match part {
            0 => format!("{sign}{whole}"),
            p if p % 10 == 0 => format!("{sign}{whole}.{}", p / 10),
            p => format!("{sign}{whole}.{p:02}"),
        };
        f.pad(&text)
    }
}

impl Serialize for Hundredths {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_f64(self.0 as f64 / 100.0)
    }
}

/// The keys given to one side or combatant, already checked against a schema.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keys {
    entries: Vec<(&'static str, Value)>,
}

impl Keys {
    fn get(&self, name: &str) -> Option<&Value> {
        self.entries.iter().rev().find(|(k, _)| *k == name).map(|(_, v)| v)
    }

    pub fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }

    pub fn flag(&self, name: &str) -> bool {
        matches!(self.get(name), Some(Value::Flag(true)))
    }

    pub fn int(&self, name: &str) -> Option<i64> {
        match self.get(name) {
            Some(Value::Int(n)) => Some(*n),
            _ => None,
        }
    }

    pub fn hundredths(&self, name: &str) -> Option<Hundredths> {
        match self.get(name) {
            Some(Value::Hundredths(n)) => Some(Hundredths(*n)),
            _ => None,
        }
    }

    pub fn text(&self, name: &str) -> Option<&str> {
        match self.get(name) {
            Some(Value::Text(s)) => Some(s),
            _ => None,
        }
    }

    fn set(&mut self, name: &'static str, value: Value) {
        self.entries.retain(|(k, _)| *k != name);
        self.entries.push((name, value));
    }
}

/// Where a spec came from, for error messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Origin {
    /// A `--side` value or a positional combatant.
    Inline(String),
    /// A roster file (errors inside it are located while it is read).
    Roster(String),
}

impl fmt::Display for Origin {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Origin::Inline(text) => write!(f, "'{text}'"),
            Origin::Roster(file) => write!(f, "{file}"),
        }
    }
}

/// A side of the encounter.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side {
    pub name: String,
    pub keys: Keys,
}

/// One combatant, or a group of `count` identical ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combatant {
    pub name: String,
    pub count: u32,
    /// Index into the sides.
    pub side: usize,
    pub keys: Keys,
}

impl Combatant {
    /// The names of the group's members: `Goblin 1`, `Goblin 2`… (or just the name).
    pub fn member_names(&self) -> Vec<String> {
        if self.count == 1 {
            vec![self.name.clone()]
        } else {
            (1..=self.count).map(|i| format!("{} {i}", self.name)).collect()
        }
    }
}

/// The keys a ruleset understands on sides and on combatants.
#[derive(Clone, Copy, Debug)]
pub struct Schema {
    pub rules: &'static str,
    pub side_keys: &'static [KeyDef],
    pub combatant_keys: &'static [KeyDef],
}

/// What a key belongs to, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Side,
    Combatant,
}

impl Owner {
    fn word(self) -> &'static str {
        match self {
            Owner::Side => "side",
            Owner::Combatant => "combatant",
        }
    }
}

impl Schema {
    fn keys(&self, owner: Owner) -> &'static [KeyDef] {
        match owner {
            Owner::Side => self.side_keys,
            Owner::Combatant => self.combatant_keys,
        }
    }

    /// The names allowed for `owner`, for "allowed: …" hints.
    pub fn allowed_names(&self, owner: Owner) -> String {
        let mut names: Vec<&str> = self.keys(owner).iter().map(|k| k.name).collect();
        if owner == Owner::Combatant {
            names.push("side");
        }
        if names.is_empty() { "none".to_string() } else { names.join(", ") }
    }

    /// Checks one `key[=value]` and returns the key's definition and typed value.
    pub fn check(&self, owner: Owner, key: &str, value: Option<&str>) -> Result<(&'static KeyDef, Value), String> {
        let Some(def) = self.keys(owner).iter().find(|d| d.name == key) else {
            return Err(format!(
                "unknown {} key '{}' for the {} ruleset; allowed: {}",
                owner.word(),
                key,
                self.rules,
                self.allowed_names(owner)
            ));
        };
        parse_value(def, value).map(|v| (def, v))
    }
}

fn parse_value(def: &KeyDef, value: Option<&str>) -> Result<Value, String> {
    let bad = |what: &str| format!("key '{}' {what}; allowed: {}", def.name, def.allowed());
    match (def.kind, value) {
        (KeyKind::Flag, None) => Ok(Value::Flag(true)),
        (KeyKind::Flag, Some("true" | "yes")) => Ok(Value::Flag(true)),
        (KeyKind::Flag, Some("false" | "no")) => Ok(Value::Flag(false)),
        (KeyKind::Flag, Some(v)) => Err(bad(&format!("takes no value, got '{v}'"))),
        (_, None) => Err(bad("needs a value")),
        (KeyKind::Int { min, max }, Some(v)) => {
            let n: i64 = v.trim_start_matches('+').parse().map_err(|_| bad(&format!("has '{v}'")))?;
            if n < min || n > max {
                return Err(bad(&format!("is {n}, out of range")));
            }
            Ok(Value::Int(n))
        }
        (KeyKind::Hundredths { min, max }, Some(v)) => {
            let n = parse_hundredths(v).ok_or_else(|| bad(&format!("has '{v}'")))?;
            if n < min || n > max {
                return Err(bad(&format!("is {}, out of range", Hundredths(n))));
            }
            Ok(Value::Hundredths(n))
        }
        (KeyKind::Word(words), Some(v)) => match words.iter().find(|w| w.eq_ignore_ascii_case(v)) {
            Some(w) => Ok(Value::Text((*w).to_string())),
            None => Err(bad(&format!("has '{v}'"))),
        },
        (KeyKind::Text(check), Some(v)) => match check(v) {
            Ok(()) => Ok(Value::Text(v.to_string())),
            Err(why) => Err(format!("key '{}': {why}", def.name)),
        },
    }
}

/// `5`, `5.5`, `5.75`, `+1.25`, `-0.5` as hundredths.
fn parse_hundredths(text: &str) -> Option<i64> {
    let (negative, digits) = match text.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, text.strip_prefix('+').unwrap_or(text)),
    };
    let (whole, part) = digits.split_once('.').unwrap_or((digits, ""));
    if whole.is_empty() && part.is_empty()
        || part.len() > 2
        || !whole.bytes().chain(part.bytes()).all(|b| b.is_ascii_digit())
    {
        return None;
    }
    let whole: i64 = if whole.is_empty() { 0 } else { whole.parse().ok().filter(|w: &i64| *w < 1_000_000)? };
    let part: i64 = match part.len() {
        0 => 0,
        1 => part.parse::<i64>().ok()? * 10,
        _ => part.parse().ok()?,
    };
    let n = whole * 100 + part;
    Some(if negative { -n } else { n })
}

/// Names are 1 to 64 characters, with no control characters and no spec punctuation.
pub fn check_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err("a name cannot be empty".to_string());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("the name is longer than {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(|c| c.is_control()) {
        return Err("a name cannot contain control characters".to_string());
    }
    if name.contains([':', ',', '=', '*']) {
        return Err(format!("the name '{name}' contains one of : , = * which separate keys"));
    }
    Ok(())
}

/// A side or combatant as written, before sides are resolved.
#[derive(Clone, Debug)]
pub struct RawSpec {
    pub name: String,
    pub count: u32,
    /// `side=` of a combatant.
    pub side: Option<String>,
    pub keys: Keys,
    pub origin: Origin,
}

fn usage_at(origin: &Origin, what: impl fmt::Display) -> Error {
    match origin {
        Origin::Inline(_) => Error::usage(format!("{origin}: {what}")),
        Origin::Roster(_) => Error::data(format!("{origin}: {what}")),
    }
}

/// Parses an inline `NAME[*COUNT][:KEY[=VALUE],...]` (`*COUNT` only for combatants).
pub fn parse_inline(text: &str, owner: Owner, schema: &Schema) -> Result<RawSpec> {
    let origin = Origin::Inline(text.to_string());
    let fail = |what: String| {
        let hint = match owner {
            Owner::Side => "write a side as NAME[:KEY[=VALUE],...]",
            Owner::Combatant => "write a combatant as NAME[*COUNT][:KEY[=VALUE],...]",
        };
        usage_at(&origin, what).hint(hint)
    };
    let (head, rest) = match text.split_once(':') {
        Some((head, rest)) => (head, Some(rest)),
        None => (text, None),
    };
    let (name, count) = match head.rsplit_once('*') {
        Some(_) if owner == Owner::Side => return Err(fail("a side has no *COUNT".into())),
        Some((name, count)) => {
            let n: u32 = count.trim().parse().map_err(|_| fail(format!("'{count}' is not a group size")))?;
            if n == 0 || n > MAX_GROUP {
                return Err(fail(format!("a group has 1 to {MAX_GROUP} members, not {n}")));
            }
            (name.trim(), n)
        }
        None => (head.trim(), 1),
    };
    check_name(name).map_err(fail)?;
    let mut spec = RawSpec { name: name.to_string(), count, side: None, keys: Keys::default(), origin: origin.clone() };
    if let Some(rest) = rest {
        for item in rest.split(',') {
            let (key, value) = match item.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (item.trim(), None),
            };
            if key.is_empty() {
                return Err(fail("an empty key".into()));
            }
            apply_key(&mut spec, owner, schema, key, value).map_err(|why| usage_at(&origin, why))?;
        }
    }
    Ok(spec)
}

/// Checks and records one key on a spec (`side=` is handled here for combatants).
pub fn apply_key(
    spec: &mut RawSpec,
    owner: Owner,
    schema: &Schema,
    key: &str,
    value: Option<&str>,
) -> Result<(), String> {
    if owner == Owner::Combatant && key == "side" {
        let side = value.ok_or("key 'side' needs a side's name")?;
        check_name(side).map_err(|why| format!("key 'side': {why}"))?;
        spec.side = Some(side.to_string());
        return Ok(());
    }
    let (def, value) = schema.check(owner, key, value)?;
    spec.keys.set(def.name, value);
    Ok(())
}

/// Sides and combatants, resolved: every combatant placed on a side, names unique.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Cast {
    pub sides: Vec<Side>,
    pub combatants: Vec<Combatant>,
}

impl Cast {
    /// Resolves raw specs: default sides `party` and `monsters` when none are named,
    /// combatants on the first side unless `side=` says otherwise.
    pub fn resolve(sides: Vec<RawSpec>, combatants: Vec<RawSpec>) -> Result<Cast> {
        let mut cast = Cast::default();
        if sides.is_empty() {
            for name in ["party", "monsters"] {
                cast.sides.push(Side { name: name.to_string(), keys: Keys::default() });
            }
        }
        if sides.len() > MAX_SIDES {
            return Err(Error::usage(format!("{} sides given; at most {MAX_SIDES}", sides.len())));
        }
        for spec in sides {
            if cast.sides.iter().any(|s| s.name == spec.name) {
                return Err(usage_at(&spec.origin, format!("two sides are named '{}'", spec.name))
                    .hint("side names must be unique"));
            }
            cast.sides.push(Side { name: spec.name, keys: spec.keys });
        }
        let mut total: usize = 0;
        let mut seen: HashSet<String> = HashSet::new();
        for spec in combatants {
            let side = match &spec.side {
                None => 0,
                Some(name) => cast.side_index(name).ok_or_else(|| {
                    usage_at(&spec.origin, format!("no side is named '{name}'"))
                        .hint(format!("sides: {}", cast.side_names()))
                })?,
            };
            total += spec.count as usize;
            if total > MAX_COMBATANTS {
                return Err(usage_at(&spec.origin, format!("more than {MAX_COMBATANTS} combatants in all")));
            }
            let member = Combatant { name: spec.name, count: spec.count, side, keys: spec.keys };
            if let Some(name) = member.member_names().into_iter().find(|n| !seen.insert(n.clone())) {
                return Err(usage_at(&spec.origin, format!("two combatants are named '{name}'"))
                    .hint("combatant names must be unique"));
            }
            cast.combatants.push(member);
        }
        Ok(cast)
    }

    pub fn side_index(&self, name: &str) -> Option<usize> {
        self.sides.iter().position(|s| s.name == name)
    }

    /// `party, monsters`
    pub fn side_names(&self) -> String {
        self.sides.iter().map(|s| s.name.as_str()).collect::<Vec<_>>().join(", ")
    }

    /// The index of the side `name` named by `flag`, or a usage error listing the sides.
    pub fn side_for(&self, flag: &str, name: &str) -> Result<usize> {
        self.side_index(name).ok_or_else(|| {
            Error::usage(format!("{flag} names '{name}', which is not a side"))
                .hint(format!("sides: {}", self.side_names()))
        })
    }

    /// The combatants on side `side`.
    pub fn on_side(&self, side: usize) -> impl Iterator<Item = &Combatant> {
        self.combatants.iter().filter(move |c| c.side == side)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SCHEMA: Schema = Schema {
        rules: "test",
        side_keys: &[KeyDef::flag("aware", "knows"), KeyDef::int("chance", 0, 6, "surprise chance")],
        combatant_keys: &[
            KeyDef::int("dex", -5, 10, "Dex modifier"),
            KeyDef::flag("cr", "Combat Reflexes"),
            KeyDef { name: "speed", kind: KeyKind::Hundredths { min: 0, max: 10000 }, help: "Basic Speed" },
            KeyDef { name: "size", kind: KeyKind::Word(&["small", "large"]), help: "size" },
        ],
    };

    fn combatant(text: &str) -> Result<RawSpec> {
        parse_inline(text, Owner::Combatant, &SCHEMA)
    }

    #[test]
    fn parses_names_groups_and_keys() {
        let spec = combatant("Goblin*4:dex=+2,side=monsters,cr,speed=5.75,size=Large").unwrap();
        assert_eq!((spec.name.as_str(), spec.count), ("Goblin", 4));
        assert_eq!(spec.side.as_deref(), Some("monsters"));
        assert_eq!(spec.keys.int("dex"), Some(2));
        assert!(spec.keys.flag("cr"));
        assert_eq!(spec.keys.hundredths("speed"), Some(Hundredths(575)));
        assert_eq!(spec.keys.text("size"), Some("large"));
        let elf = combatant("Elf").unwrap();
        assert_eq!((elf.name.as_str(), elf.count, elf.keys.has("dex")), ("Elf", 1, false));
    }

    #[test]
    fn rejects_bad_keys_with_what_is_allowed() {
        let err = combatant("Elf:per=16").unwrap_err().to_string();
        assert!(
            err.contains("unknown combatant key 'per'") && err.contains("allowed: dex, cr, speed, size, side"),
            "{err}"
        );
        let err = combatant("Elf:dex=11").unwrap_err().to_string();
        assert!(err.contains("key 'dex' is 11, out of range; allowed: a whole number from -5 to 10"), "{err}");
        let err = combatant("Elf:dex").unwrap_err().to_string();
        assert!(err.contains("key 'dex' needs a value"), "{err}");
        let err = combatant("Elf:cr=3").unwrap_err().to_string();
        assert!(err.contains("takes no value"), "{err}");
        let err = combatant("Orc*0").unwrap_err().to_string();
        assert!(err.contains("1 to 1000 members"), "{err}");
        let err = combatant(":dex=1").unwrap_err().to_string();
        assert!(err.contains("cannot be empty"), "{err}");
        let err = combatant("Elf:speed=5.755").unwrap_err().to_string();
        assert!(err.contains("key 'speed' has '5.755'"), "{err}");
        assert!(parse_inline("party*2", Owner::Side, &SCHEMA).is_err());
    }

    #[test]
    fn hundredths_round_trip() {
        for (text, n, shown) in
            [("5", 500, "5"), ("5.5", 550, "5.5"), ("5.75", 575, "5.75"), ("+0.25", 25, "0.25"), ("-1.5", -150, "-1.5")]
        {
            assert_eq!(parse_hundredths(text), Some(n), "{text}");
            assert_eq!(Hundredths(n).to_string(), shown);
        }
        for bad in ["", ".", "x", "1e3", "--1", "5.123", "1.-5"] {
            assert_eq!(parse_hundredths(bad), None, "{bad}");
        }
    }

    #[test]
    fn resolves_sides_and_names() {
        let cast =
            Cast::resolve(vec![], vec![combatant("Elf").unwrap(), combatant("Orc*2:side=monsters").unwrap()]).unwrap();
        assert_eq!(cast.side_names(), "party, monsters");
        assert_eq!(cast.combatants[1].side, 1);
        assert_eq!(cast.combatants[1].member_names(), vec!["Orc 1", "Orc 2"]);
        let err = Cast::resolve(vec![], vec![combatant("Elf:side=wolves").unwrap()]).unwrap_err().to_string();
        assert!(err.contains("no side is named 'wolves'; sides: party, monsters"), "{err}");
        let err = Cast::resolve(vec![], vec![combatant("Orc*2").unwrap(), combatant("Orc 1").unwrap()])
            .unwrap_err()
            .to_string();
        assert!(err.contains("two combatants are named 'Orc 1'"), "{err}");
    }
}
