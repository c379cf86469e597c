//! A roster's located tree read into sides and combatants: every key checked against the
//! ruleset's lists, every refusal at the line and column of the key, value or entry it is about.

use super::Roster;
use super::scalar::{self, Value, invalid_type};
use crate::cast::{
    MAX_COMBATANTS, MAX_GROUP, MAX_SIDES, Origin, Owner, RawSpec, RulesetKeys, apply_key, check_name, echo,
    finish_keys, member_names, members_before_rolling, parse_count, parse_spec,
};
use crate::dice::expr::Count;
use crate::located::{Kind, Mark, Node};
use std::borrow::Cow;
use std::collections::HashSet;

/// A refusal: where, and what.
pub struct At(pub Mark, pub String);

type Read<T> = Result<T, At>;

const TOP: &str = "a mapping with 'sides' and 'combatants'";

/// The root's pairs, or why it is not a mapping.
fn top(tree: &Node) -> Read<&[(Node, Node)]> {
    match &tree.kind {
        Kind::Map(pairs) => Ok(pairs),
        _ => Err(At(tree.at, invalid_type(&scalar::found(tree), TOP))),
    }
}

/// The text of a node read as text (a key, a name): any scalar's, as written.
fn text<'a>(node: &'a Node, expected: &str) -> Read<&'a str> {
    node.text().ok_or_else(|| At(node.at, invalid_type(&scalar::found(node), expected)))
}

/// The items of a list (a key with nothing after it is an empty one).
fn items<'a>(node: &'a Node, expected: &str) -> Read<&'a [Node]> {
    match &node.kind {
        Kind::List(items) => Ok(items),
        _ if scalar::is_blank(node) => Ok(&[]),
        _ => Err(At(node.at, invalid_type(&scalar::found(node), expected))),
    }
}

/// The side names the roster declares, in order (entries without a name left to [`roster`]).
pub fn side_names(tree: &Node) -> Read<Vec<String>> {
    let mut names = Vec::new();
    for (key, value) in top(tree)? {
        if text(key, "a string")? != "sides" {
            continue;
        }
        for entry in items(value, "a list of sides")? {
            let name = match (&entry.kind, scalar::any(entry)) {
                (_, Value::Text(text)) => Some(text.split(':').next().unwrap_or(text).trim().to_string()),
                (Kind::Map(pairs), _) => {
                    let mut name = None;
                    for (key, value) in pairs {
                        if text(key, "a string")? == "name" {
                            name = Some(text(value, "a string")?.to_string());
                        }
                    }
                    name
                }
                (_, found) => return Err(At(entry.at, invalid_type(&found, Owner::Side.expected()))),
            };
            if names.len() >= MAX_SIDES {
                return Err(At(value.at, format!("more than {MAX_SIDES} sides")));
            }
            names.extend(name);
        }
    }
    Ok(names)
}

/// The top-level `rules:` and the line of its key (none when the roster names none, or its
/// top level cannot be read: [`roster`] says why).
pub fn declared_rules(tree: &Node) -> Option<(String, usize)> {
    let mut rules = None;
    for (key, value) in top(tree).ok()? {
        if key.text()? == "rules" {
            rules = Some((value.text()?.to_string(), key.at.line));
        }
    }
    rules
}

/// The sides and combatants of the roster `tree`, read from `file`; its combatants may join
/// any of `sides`.
pub fn roster(tree: &Node, file: &str, keys: &RulesetKeys, sides: &[String]) -> Read<Roster> {
    let mut reader = Reader { keys, file, sides, names: Names::default() };
    let mut roster = Roster::default();
    for (key, value) in top(tree)? {
        let owner = match text(key, "a string")? {
            // The ruleset's id, checked against --rules before the roster is read.
            "rules" => {
                text(value, "a string").map_err(|At(at, what)| At(at, format!("rules: {what}")))?;
                continue;
            }
            "sides" => Owner::Side,
            "combatants" => Owner::Combatant,
            other => {
                return Err(At(
                    key.at,
                    format!("unknown roster key '{}'; allowed: rules, sides, combatants", echo(other)),
                ));
            }
        };
        let entries = items(value, &format!("a list of {}s", owner.word()))?;
        let specs = entries.iter().map(|entry| reader.entry(entry, owner)).collect::<Read<Vec<_>>>()?;
        match owner {
            Owner::Side => roster.sides = specs,
            Owner::Combatant => roster.combatants = specs,
        }
    }
    Ok(roster)
}

/// Names and head counts seen so far, for uniqueness and limits.
#[derive(Default)]
struct Names {
    sides: HashSet<String>,
    members: HashSet<String>,
    total: usize,
}

struct Reader<'a> {
    keys: &'a RulesetKeys,
    file: &'a str,
    sides: &'a [String],
    names: Names,
}

impl Owner {
    /// What an entry of this owner's list is, for "expected …".
    fn expected(self) -> &'static str {
        match self {
            Owner::Side => "a side: a mapping with 'name', or NAME[:KEY[=VALUE],...]",
            Owner::Combatant => "a combatant: a mapping with 'name', or NAME[*COUNT][:KEY[=VALUE],...]",
        }
    }
}

impl Reader<'_> {
    /// One entry, inline (`"Elf:dex=3"`) or a mapping, placed where it starts.
    fn entry(&mut self, entry: &Node, owner: Owner) -> Read<RawSpec> {
        let mut spec = match (&entry.kind, scalar::any(entry)) {
            (_, Value::Text(text)) => parse_spec(text, owner, self.keys, Origin::Roster(self.file.to_string()))
                .map_err(|(what, _)| At(entry.at, what))?,
            (Kind::Map(pairs), _) => self.mapping(entry.at, pairs, owner)?,
            (_, found) => return Err(At(entry.at, invalid_type(&found, owner.expected()))),
        };
        self.finish(&spec, owner).map_err(|what| At(entry.at, what))?;
        // Each entry's place, for the errors a ruleset finds in it once it is read.
        spec.origin = Origin::Roster(format!("{}:{}:{}", self.file, entry.at.line, entry.at.column));
        Ok(spec)
    }

    fn mapping(&mut self, at: Mark, pairs: &[(Node, Node)], owner: Owner) -> Read<RawSpec> {
        let mut spec = RawSpec::unnamed(Origin::Roster(self.file.to_string()));
        let mut named = false;
        for (key, value) in pairs {
            let key = self.key(key, owner)?;
            let refused = |what: String| At(value.at, what);
            match key.as_str() {
                "name" => {
                    let name = text(value, "a name")?;
                    check_name(name).map_err(refused)?;
                    spec.name = name.to_string();
                    named = true;
                }
                "count" if owner == Owner::Combatant => {
                    let count = count(value)?;
                    spec.count = members_before_rolling(&count);
                    spec.count_roll = Some(count).filter(|c| matches!(c, Count::Dice { .. }));
                    spec.count_given = true;
                }
                _ => {
                    let given = match scalar::any(value) {
                        Value::Null => None,
                        Value::Bool(b) => Some(Cow::Borrowed(if b { "true" } else { "false" })),
                        Value::Unsigned(n) => Some(Cow::Owned(n.to_string())),
                        Value::Signed(n) => Some(Cow::Owned(n.to_string())),
                        Value::Float(f) => Some(Cow::Owned(f.to_string())),
                        Value::Text(text) => Some(Cow::Borrowed(text)),
                        found => return Err(refused(invalid_type(&found, &format!("a value for '{key}'")))),
                    };
                    apply_key(&mut spec, owner, self.keys, &key, given.as_deref()).map_err(refused)?;
                }
            }
        }
        if !named {
            return Err(At(at, format!("this {} has no 'name'", owner.word())));
        }
        Ok(spec)
    }

    /// A key of an entry: `name`, `count` and `side` in any case, or one of the ruleset's.
    fn key(&self, key: &Node, owner: Owner) -> Read<String> {
        let given = text(key, "a key")?;
        // Keys in any case, as inline: `Name`, `IQ`.
        let folded = given.to_ascii_lowercase();
        let structural = match owner {
            Owner::Side => folded == "name",
            Owner::Combatant => matches!(folded.as_str(), "name" | "count" | "side"),
        };
        if structural {
            return Ok(folded);
        }
        if self.keys.list(owner).find(given).is_some() {
            return Ok(given.to_string());
        }
        let allowed = format!("name, {}", self.keys.allowed_names(owner));
        Err(At(key.at, self.keys.unknown(owner, given, &allowed)))
    }

    /// Checks what can only be checked once the whole entry is read.
    fn finish(&mut self, spec: &RawSpec, owner: Owner) -> Result<(), String> {
        finish_keys(spec, owner, self.keys)?;
        match owner {
            Owner::Side => {
                if !self.names.sides.insert(spec.name.clone()) {
                    return Err(format!("two sides are named '{}'", spec.name));
                }
            }
            Owner::Combatant => {
                if let Some(side) = &spec.side
                    && !self.sides.iter().any(|s| s == side)
                {
                    return Err(format!("no side is named '{side}'; sides: {}", self.sides.join(", ")));
                }
                self.names.total += spec.count as usize;
                if self.names.total > MAX_COMBATANTS {
                    return Err(format!("more than {MAX_COMBATANTS} combatants in all"));
                }
                let members = member_names(&spec.name, spec.count);
                if let Some(name) = members.into_iter().find(|n| !self.names.members.insert(n.clone())) {
                    return Err(format!("two combatants are named '{name}'"));
                }
            }
        }
        Ok(())
    }
}

/// `count:`: a whole number, or dice (`2d4`), or either as text (`"4"`, read as inline `count=4` is).
fn count(value: &Node) -> Read<Count> {
    let refused = |what: String| At(value.at, what);
    match scalar::any(value) {
        Value::Signed(n) => Err(refused(format!("a group has 1 to {MAX_GROUP} members, not {n}"))),
        Value::Unsigned(n) => parse_count(&n.to_string()).map_err(refused),
        Value::Text(text) => parse_count(text).map_err(refused),
        found => {
            Err(refused(invalid_type(&found, &format!("a group size from 1 to {MAX_GROUP}, or dice such as 2d4"))))
        }
    }
}
