//! The YAML roster: the same sides and combatants as the inline syntax, for bigger fights.
//!
//! ```yaml
//! sides:
//!   - name: party
//!   - name: monsters
//!     chance: 3
//! combatants:
//!   - name: Goblin
//!     count: 4
//!     side: monsters
//!     dex: 2
//!   - "Elf:per=16"        # the inline form works too
//! ```
//!
//! Keys are checked against the ruleset's key lists while the YAML is read, so every error
//! carries the file, line and column of the offending key or value.

mod structure;

use crate::cast::{
    KeyKind, MAX_COMBATANTS, MAX_GROUP, MAX_SIDES, Origin, Owner, RawSpec, RulesetKeys, apply_key, check_name, echo,
    finish_keys, member_names, members_before_rolling, parse_count, parse_spec,
};
use crate::dice::expr::Count;
use crate::error::{Error, Result};
use serde::Deserialize;
use serde::de::{self, DeserializeSeed, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};
use std::collections::HashSet;
use std::fmt;
use std::fmt::Write as _;
use structure::{Mark, Refusal, check_structure};

/// The largest roster read, in bytes.
pub const MAX_ROSTER_BYTES: usize = 1 << 20;

/// Sides and combatants read from a roster.
#[derive(Debug, Default)]
pub struct Roster {
    pub sides: Vec<RawSpec>,
    pub combatants: Vec<RawSpec>,
}

/// The side names a roster declares (none when it cannot be read: [`parse`] says why).
pub fn side_names(text: &str) -> Vec<String> {
    // A roster the structure check refuses is not read here: [`parse`] says why.
    if check_structure(text).is_err() {
        return Vec::new();
    }
    SideNames.deserialize(serde_yaml::Deserializer::from_str(text)).unwrap_or_default()
}

/// The ruleset a roster names with its top-level `rules:` key, and the line it is on (none
/// when it names none or cannot be read: [`parse`] says why).
pub fn declared_rules(text: &str) -> Option<(String, usize)> {
    check_structure(text).ok()?;
    let rules = RulesKey.deserialize(serde_yaml::Deserializer::from_str(text)).ok()??;
    let line = text.lines().position(|l| l.starts_with("rules:")).map_or(1, |i| i + 1);
    Some((rules, line))
}

/// Parses roster `text` read from `file` (a path, or `<stdin>`). `other_sides` are the
/// sides declared elsewhere (other rosters, `--side`), which combatants may also name.
pub fn parse(text: &str, file: &str, keys: &RulesetKeys, other_sides: &[String]) -> Result<Roster> {
    check_structure(text).map_err(|refusal| match refusal {
        Refusal::Empty => {
            Error::data(format!("the roster {file} is empty")).hint("see --roster-example for a template")
        }
        Refusal::At(at, what, hint) => Error::data(format!("{file}:{}:{}: {what}", at.line, at.column)).hint(hint),
    })?;
    let located = |err: serde_yaml::Error| {
        let what = cut_quotes(&strip_location(&err.to_string()));
        let what = match err.location() {
            Some(at) => format!("{file}:{}:{}: {what}", at.line(), at.column()),
            None => format!("{file}: {what}"),
        };
        Error::data(what).hint("see --roster-example for the format")
    };
    // First pass: only the side names, so combatants may name a side declared after them.
    let names = SideNames.deserialize(serde_yaml::Deserializer::from_str(text)).map_err(located)?;
    let mut sides: Vec<String> = names;
    sides.extend(other_sides.iter().cloned());
    if sides.is_empty() {
        sides = crate::cast::DEFAULT_SIDES.iter().map(|s| s.to_string()).collect();
    }
    let seed = RosterSeed { keys, file, sides: &sides };
    let mut roster = seed.deserialize(serde_yaml::Deserializer::from_str(text)).map_err(located)?;
    // Each entry's place, for the errors a ruleset finds in it once it is read.
    let [side_marks, combatant_marks] = entry_marks(text);
    for (specs, marks) in [(&mut roster.sides, side_marks), (&mut roster.combatants, combatant_marks)] {
        if specs.len() == marks.len() {
            for (spec, at) in specs.iter_mut().zip(marks) {
                spec.origin = Origin::Roster(format!("{file}:{}:{}", at.line, at.column));
            }
        }
    }
    Ok(roster)
}

/// Where each entry of the `sides` and of the `combatants` list starts.
fn entry_marks(text: &str) -> [Vec<Mark>; 2] {
    use granit_parser::{Event, Parser};
    let mut marks: [Vec<Mark>; 2] = [Vec::new(), Vec::new()];
    // Open collections: whether each is a mapping, and whether its next node is a key.
    let mut open: Vec<(bool, bool)> = Vec::new();
    let (mut pending, mut list): (Option<usize>, Option<usize>) = (None, None);
    // The text has passed `check_structure`, so its nesting is bounded; a syntax error ends the walk.
    for (event, span) in Parser::new_from_str(text).map_while(|next| next.ok()) {
        let at = Mark::from(span);
        let starts =
            matches!(event, Event::Scalar(..) | Event::Alias(_) | Event::SequenceStart(..) | Event::MappingStart(..));
        if let (true, Some(i), 2) = (starts, list, open.len()) {
            marks[i].push(at);
        }
        match event {
            Event::Scalar(value, ..) => {
                if let [(true, true)] = open.as_slice() {
                    pending = match value.as_ref() {
                        "sides" => Some(0),
                        "combatants" => Some(1),
                        _ => None,
                    };
                }
            }
            Event::SequenceStart(..) | Event::MappingStart(..) => {
                let mapping = matches!(event, Event::MappingStart(..));
                if open.len() == 1 && !mapping {
                    list = pending.take();
                }
                open.push((mapping, true));
                continue;
            }
            Event::SequenceEnd | Event::MappingEnd => {
                open.pop();
                if open.len() == 1 {
                    list = None;
                }
            }
            _ => continue,
        }
        if let Some((true, at_key)) = open.last_mut() {
            *at_key = !*at_key;
        }
    }
    marks
}

/// yaml_serde writes `path: message at line L column C`; we print the location first and
/// leave the path out (the location says where).
fn strip_location(message: &str) -> String {
    let message = match message.find(" at line ") {
        Some(i) => &message[..i],
        None => message,
    };
    let is_path = |p: &str| {
        (p.starts_with("sides") || p.starts_with("combatants"))
            && p.chars().all(|c| c.is_ascii_alphanumeric() || "[]._-".contains(c))
    };
    match message.split_once(": ") {
        Some((path, rest)) if is_path(path) => rest.to_string(),
        _ => message.to_string(),
    }
}

/// yaml_serde quotes the value it could not use (`invalid type: string "…"`, `` `1e300` ``):
/// cut each quoted part after a few dozen characters, as fray's own messages do.
fn cut_quotes(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(512));
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest[open..].chars().next().unwrap_or('"');
        out.push_str(&rest[..=open]);
        rest = &rest[open + 1..];
        let close = rest.find(quote).unwrap_or(rest.len());
        out.push_str(&echo(&rest[..close]));
        rest = &rest[close..];
        if let Some(q) = rest.strip_prefix(quote) {
            out.push(quote);
            rest = q;
        }
    }
    out.push_str(rest);
    out
}

struct SideNames;

impl<'de> DeserializeSeed<'de> for SideNames {
    type Value = Vec<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<String>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for SideNames {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a mapping with 'sides' and 'combatants'")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Vec<String>, A::Error> {
        let mut names = Vec::new();
        while let Some(key) = map.next_key::<String>()? {
            if key == "sides" {
                names = map.next_value_seed(SideNameList)?;
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(names)
    }
}

/// The top-level `rules:` of a roster, if it has one.
struct RulesKey;

impl<'de> DeserializeSeed<'de> for RulesKey {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for RulesKey {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a mapping with 'rules', 'sides' and 'combatants'")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<String>, A::Error> {
        let mut rules = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "rules" {
                rules = Some(map.next_value::<String>()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(rules)
    }
}

struct SideNameList;

impl<'de> DeserializeSeed<'de> for SideNameList {
    type Value = Vec<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<String>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for SideNameList {
    type Value = Vec<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a list of sides")
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<String>, A::Error> {
        let mut names = Vec::new();
        while let Some(name) = seq.next_element_seed(SideName)? {
            if names.len() >= MAX_SIDES {
                return Err(de::Error::custom(format!("more than {MAX_SIDES} sides")));
            }
            names.extend(name);
        }
        Ok(names)
    }
}

/// The name of one side entry, whichever form it takes (errors are left to the second pass).
struct SideName;

impl<'de> DeserializeSeed<'de> for SideName {
    type Value = Option<String>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Option<String>, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for SideName {
    type Value = Option<String>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a side: a mapping with 'name', or NAME[:KEY[=VALUE],...]")
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Option<String>, E> {
        Ok(Some(v.split(':').next().unwrap_or(v).trim().to_string()))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Option<String>, A::Error> {
        let mut name = None;
        while let Some(key) = map.next_key::<String>()? {
            if key == "name" {
                name = Some(map.next_value::<String>()?);
            } else {
                map.next_value::<IgnoredAny>()?;
            }
        }
        Ok(name)
    }
}

struct RosterSeed<'a> {
    keys: &'a RulesetKeys,
    file: &'a str,
    sides: &'a [String],
}

impl<'de> DeserializeSeed<'de> for RosterSeed<'_> {
    type Value = Roster;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Roster, D::Error> {
        d.deserialize_map(self)
    }
}

impl<'de> Visitor<'de> for RosterSeed<'_> {
    type Value = Roster;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a mapping with 'sides' and 'combatants'")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Roster, A::Error> {
        let mut roster = Roster::default();
        let mut names = Names::default();
        while let Some(key) = map.next_key_seed(TopKey)? {
            if key == "rules" {
                // The ruleset's id, checked against --rules before the roster is read.
                let _: String = map.next_value()?;
                continue;
            }
            let owner = if key == "sides" { Owner::Side } else { Owner::Combatant };
            let list = map.next_value_seed(SpecList { ctx: &self, owner, names: &mut names })?;
            match owner {
                Owner::Side => roster.sides = list,
                Owner::Combatant => roster.combatants = list,
            }
        }
        Ok(roster)
    }
}

/// Names and head counts seen so far, for uniqueness and limits.
#[derive(Default)]
struct Names {
    sides: HashSet<String>,
    members: HashSet<String>,
    total: usize,
}

struct TopKey;

impl<'de> DeserializeSeed<'de> for TopKey {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        let key = String::deserialize(d)?;
        match key.as_str() {
            "rules" | "sides" | "combatants" => Ok(key),
            other => Err(de::Error::custom(format!(
                "unknown roster key '{}'; allowed: rules, sides, combatants",
                echo(other)
            ))),
        }
    }
}

struct SpecList<'a, 'b> {
    ctx: &'a RosterSeed<'a>,
    owner: Owner,
    names: &'b mut Names,
}

impl<'de> DeserializeSeed<'de> for SpecList<'_, '_> {
    type Value = Vec<RawSpec>;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Vec<RawSpec>, D::Error> {
        d.deserialize_seq(self)
    }
}

impl<'de> Visitor<'de> for SpecList<'_, '_> {
    type Value = Vec<RawSpec>;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a list of {}s", self.owner.word())
    }

    fn visit_unit<E: de::Error>(self) -> Result<Vec<RawSpec>, E> {
        Ok(Vec::new())
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Vec<RawSpec>, A::Error> {
        let mut specs = Vec::new();
        while let Some(spec) =
            seq.next_element_seed(SpecSeed { ctx: self.ctx, owner: self.owner, names: &mut *self.names })?
        {
            specs.push(spec);
        }
        Ok(specs)
    }
}

struct SpecSeed<'a, 'b> {
    ctx: &'a RosterSeed<'a>,
    owner: Owner,
    names: &'b mut Names,
}

impl SpecSeed<'_, '_> {
    /// Checks what can only be checked once the whole entry is read.
    fn finish<E: de::Error>(self, mut spec: RawSpec) -> Result<RawSpec, E> {
        spec.origin = Origin::Roster(self.ctx.file.to_string());
        finish_keys(&spec, self.owner, self.ctx.keys).map_err(E::custom)?;
        match self.owner {
            Owner::Side => {
                if !self.names.sides.insert(spec.name.clone()) {
                    return Err(E::custom(format!("two sides are named '{}'", spec.name)));
                }
            }
            Owner::Combatant => {
                if let Some(side) = &spec.side {
                    if !self.ctx.sides.iter().any(|s| s == side) {
                        return Err(E::custom(format!(
                            "no side is named '{side}'; sides: {}",
                            self.ctx.sides.join(", ")
                        )));
                    }
                }
                self.names.total += spec.count as usize;
                if self.names.total > MAX_COMBATANTS {
                    return Err(E::custom(format!("more than {MAX_COMBATANTS} combatants in all")));
                }
                let members = member_names(&spec.name, spec.count);
                if let Some(name) = members.into_iter().find(|n| !self.names.members.insert(n.clone())) {
                    return Err(E::custom(format!("two combatants are named '{name}'")));
                }
            }
        }
        Ok(spec)
    }
}

impl<'de> DeserializeSeed<'de> for SpecSeed<'_, '_> {
    type Value = RawSpec;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<RawSpec, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for SpecSeed<'_, '_> {
    type Value = RawSpec;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self.owner {
            Owner::Side => f.write_str("a side: a mapping with 'name', or NAME[:KEY[=VALUE],...]"),
            Owner::Combatant => f.write_str("a combatant: a mapping with 'name', or NAME[*COUNT][:KEY[=VALUE],...]"),
        }
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<RawSpec, E> {
        let origin = Origin::Roster(self.ctx.file.to_string());
        let spec = parse_spec(v, self.owner, self.ctx.keys, origin).map_err(|(what, _)| E::custom(what))?;
        self.finish(spec)
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<RawSpec, A::Error> {
        let mut spec = RawSpec {
            name: String::new(),
            count: 1,
            count_given: false,
            count_roll: None,
            side: None,
            keys: Default::default(),
            origin: Origin::Roster(self.ctx.file.to_string()),
        };
        let mut named = false;
        while let Some(key) = map.next_key_seed(KeySeed { keys: self.ctx.keys, owner: self.owner })? {
            match key.as_str() {
                "name" => {
                    let name: String = map.next_value_seed(NameSeed)?;
                    spec.name = name;
                    named = true;
                }
                "count" if self.owner == Owner::Combatant => {
                    let count = map.next_value_seed(CountSeed)?;
                    spec.count = members_before_rolling(&count);
                    spec.count_roll = Some(count).filter(|c| matches!(c, Count::Dice { .. }));
                    spec.count_given = true;
                }
                _ => map.next_value_seed(ValueSeed {
                    keys: self.ctx.keys,
                    owner: self.owner,
                    key: &key,
                    spec: &mut spec,
                })?,
            }
        }
        if !named {
            return Err(de::Error::custom(format!("this {} has no 'name'", self.owner.word())));
        }
        self.finish(spec)
    }
}

struct KeySeed<'a> {
    keys: &'a RulesetKeys,
    owner: Owner,
}

impl<'de> DeserializeSeed<'de> for KeySeed<'_> {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for KeySeed<'_> {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a key")
    }

    fn visit_str<E: de::Error>(self, key: &str) -> Result<String, E> {
        // Keys in any case, as inline: `Name`, `IQ`.
        let folded = key.to_ascii_lowercase();
        let structural = match self.owner {
            Owner::Side => folded == "name",
            Owner::Combatant => matches!(folded.as_str(), "name" | "count" | "side"),
        };
        if structural {
            return Ok(folded);
        }
        if self.keys.list(self.owner).find(key).is_some() {
            return Ok(key.to_string());
        }
        let allowed = format!("name, {}", self.keys.allowed_names(self.owner));
        Err(E::custom(self.keys.unknown(self.owner, key, &allowed)))
    }
}

struct NameSeed;

impl<'de> DeserializeSeed<'de> for NameSeed {
    type Value = String;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<String, D::Error> {
        d.deserialize_str(self)
    }
}

impl<'de> Visitor<'de> for NameSeed {
    type Value = String;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a name")
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<String, E> {
        check_name(name).map_err(E::custom)?;
        Ok(name.to_string())
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<String, E> {
        self.visit_str(&v.to_string())
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<String, E> {
        self.visit_str(&v.to_string())
    }
}

struct CountSeed;

impl<'de> DeserializeSeed<'de> for CountSeed {
    type Value = Count;

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<Count, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for CountSeed {
    type Value = Count;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a group size from 1 to {MAX_GROUP}, or dice such as 2d4")
    }

    fn visit_i64<E: de::Error>(self, n: i64) -> Result<Count, E> {
        if n < 1 {
            return Err(E::custom(format!("a group has 1 to {MAX_GROUP} members, not {n}")));
        }
        self.visit_str(&n.to_string())
    }

    fn visit_u64<E: de::Error>(self, n: u64) -> Result<Count, E> {
        self.visit_str(&n.to_string())
    }

    /// `count: "4"`, read as inline `count=4` is.
    fn visit_str<E: de::Error>(self, text: &str) -> Result<Count, E> {
        parse_count(text).map_err(E::custom)
    }
}

/// Reads one key's value as text and checks it against the key list, so an error points at it.
struct ValueSeed<'a, 'b> {
    keys: &'a RulesetKeys,
    owner: Owner,
    key: &'a str,
    spec: &'b mut RawSpec,
}

impl<'de> DeserializeSeed<'de> for ValueSeed<'_, '_> {
    type Value = ();

    fn deserialize<D: Deserializer<'de>>(self, d: D) -> Result<(), D::Error> {
        d.deserialize_any(self)
    }
}

impl ValueSeed<'_, '_> {
    fn apply<E: de::Error>(self, value: Option<&str>) -> Result<(), E> {
        apply_key(self.spec, self.owner, self.keys, self.key, value).map_err(E::custom)
    }
}

impl<'de> Visitor<'de> for ValueSeed<'_, '_> {
    type Value = ();

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a value for '{}'", self.key)
    }

    fn visit_unit<E: de::Error>(self) -> Result<(), E> {
        self.apply(None)
    }

    fn visit_bool<E: de::Error>(self, v: bool) -> Result<(), E> {
        self.apply(Some(if v { "true" } else { "false" }))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<(), E> {
        self.apply(Some(&v.to_string()))
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<(), E> {
        self.apply(Some(&v.to_string()))
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<(), E> {
        self.apply(Some(&v.to_string()))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<(), E> {
        self.apply(Some(v))
    }
}

/// A commented roster for a ruleset with `keys`: `body` (the ruleset's example entries, valid
/// YAML), then every key the ruleset understands, from the lists beside its key structs.
pub fn example(keys: &RulesetKeys, body: &str) -> String {
    let mut out = format!(
        "# fray roster for the {} ruleset: use it with --roster FILE (or --roster - for stdin).\n\
         # Sides come in order; combatants name their side (default: the first side).\n\
         # An entry may also be written inline, e.g. - \"Goblin:count=4,side=monsters\".\n",
        keys.rules
    );
    out.push_str(body.trim_end());
    out.push('\n');
    for owner in [Owner::Side, Owner::Combatant] {
        let _ = writeln!(out, "#\n# {} keys:", owner.word());
        if owner == Owner::Combatant {
            let _ = writeln!(
                out,
                "#   count: N      a group of N identical combatants (1 to {MAX_GROUP}), or dice such as 2d4"
            );
            let _ = writeln!(out, "#   side: NAME    the side it fights on");
        }
        let list = keys.list(owner).keys;
        if list.is_empty() {
            let _ = writeln!(out, "#   (none)");
        }
        for key in list {
            let shape = match key.kind {
                KeyKind::Flag => "true",
                _ => "VALUE",
            };
            match key.kind {
                // A free-form key's help already says what it accepts.
                KeyKind::Text(_) => writeln!(out, "#   {}: {shape}  {}", key.name, key.help),
                _ => writeln!(out, "#   {}: {shape}  {} ({})", key.name, key.help, key.allowed()),
            }
            .ok();
        }
    }
    out
}

#[cfg(test)]
mod tests;
