//! Sides and combatants: the shared shapes every ruleset reads, and the inline
//! `NAME[*COUNT][:KEY[=VALUE],...]` syntax. `keys` holds what a ruleset's keys are and how
//! they are checked and read into its typed structs.
//!
//! Parsing checks every key against the ruleset's key lists (unknown keys, missing values,
//! ranges), so each ruleset only reads typed values that are already known to be valid.

mod keys;

#[cfg(test)]
pub use keys::assert_list_fills;
pub use keys::{Hundredths, KeyDef, KeyKind, KeyList, KeyValues, NoKeys, RulesetKeys, Value};

use crate::dice::expr::Count;
use crate::error::{Error, Result, invisible};
// How errors quote input: kept here too for the modules that import it from the cast.
pub use crate::error::{MAX_ECHO_CHARS, echo, echo_path, echo_quoted};
use serde::de::DeserializeOwned;
use std::collections::HashSet;
use std::fmt;

/// The longest name a side or combatant may have, in characters.
pub const MAX_NAME_CHARS: usize = 64;
/// The largest `*COUNT` group.
pub const MAX_GROUP: u32 = 1000;
/// The most combatants (after groups are counted) and sides one command takes.
pub const MAX_COMBATANTS: usize = 10_000;
pub const MAX_SIDES: usize = 100;
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
            Origin::Inline(text) => write!(f, "'{}'", echo(text)),
            Origin::Roster(file) => write!(f, "{file}"),
        }
    }
}

/// A side of the encounter, with its keys: checked [`KeyValues`] until the ruleset reads them
/// into its own struct with [`Cast::typed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Side<K = KeyValues> {
    pub name: String,
    pub keys: K,
}

/// One combatant, or a group of `count` identical ones.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Combatant<K = KeyValues> {
    pub name: String,
    pub count: u32,
    /// Index into the sides.
    pub side: usize,
    pub keys: K,
}

impl<K> Combatant<K> {
    /// The names of the group's members: `Goblin 1`, `Goblin 2`… (or just the name).
    pub fn member_names(&self) -> Vec<String> {
        member_names(&self.name, self.count)
    }
}

/// The names of the members of a group of `count` named `name`.
pub fn member_names(name: &str, count: u32) -> Vec<String> {
    if count == 1 { vec![name.to_string()] } else { (1..=count).map(|i| format!("{name} {i}")).collect() }
}

/// What a key belongs to, for messages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Side,
    Combatant,
}

impl Owner {
    pub fn word(self) -> &'static str {
        match self {
            Owner::Side => "side",
            Owner::Combatant => "combatant",
        }
    }
}

/// Keys of one game and the keys other games keep the same thing under: hit points and a
/// health track, armour class and damage resistance, Constitution and HT.
const COUNTERPARTS: &[(&str, &[&str])] = &[
    ("hp", &["health"]),
    ("health", &["hp"]),
    ("ac", &["dr"]),
    ("dr", &["ac"]),
    ("armor", &["ac", "dr"]),
    ("armour", &["ac", "dr"]),
    ("ht", &["con", "stamina"]),
    ("con", &["ht", "stamina"]),
    ("stamina", &["ht", "con"]),
];

impl RulesetKeys {
    pub fn list(&self, owner: Owner) -> &KeyList {
        match owner {
            Owner::Side => &self.side,
            Owner::Combatant => &self.combatant,
        }
    }

    /// The names allowed for `owner`, for "allowed: …" hints.
    pub fn allowed_names(&self, owner: Owner) -> String {
        let mut names: Vec<&str> = self.list(owner).keys.iter().map(|k| k.name).collect();
        if owner == Owner::Combatant {
            names.extend(["side", "count"]);
        }
        if names.is_empty() { "none".to_string() } else { names.join(", ") }
    }

    /// "unknown combatant key 'iqq' for the gurps ruleset; did you mean 'iq'? allowed: …"
    /// (`allowed` lists the names, comma-separated, that a suggestion is taken from).
    pub fn unknown(&self, owner: Owner, key: &str, allowed: &str) -> String {
        let names: Vec<&str> = allowed.split(", ").filter(|n| *n != "none").collect();
        // A key another game uses for what this one keeps under another name.
        let instead = COUNTERPARTS
            .iter()
            .filter(|(theirs, _)| theirs.eq_ignore_ascii_case(key))
            .flat_map(|(_, ours)| ours.iter())
            .find_map(|ours| self.list(owner).find(ours));
        if let Some(def) = instead {
            return format!(
                "unknown {} key '{}' for the {} ruleset, which keeps this as '{}' ({}); allowed: {allowed}",
                owner.word(),
                echo(key),
                self.rules,
                def.name,
                def.help
            );
        }
        let suggestion = closest(key, &names).map(|n| format!("did you mean '{n}'? ")).unwrap_or_default();
        format!(
            "unknown {} key '{}' for the {} ruleset; {suggestion}allowed: {allowed}",
            owner.word(),
            echo(key),
            self.rules
        )
    }

    /// Checks one `key[=value]` and returns the key's definition and typed value.
    pub fn check(&self, owner: Owner, key: &str, value: Option<&str>) -> Result<(&'static KeyDef, Value), String> {
        let Some(def) = self.list(owner).find(key) else {
            return Err(self.unknown(owner, key, &self.allowed_names(owner)));
        };
        def.check(value).map(|v| (def, v))
    }
}

/// The name in `names` nearest to `word` by edit distance, if it is near enough to be a
/// slip (at most a third of the word's letters, and at least one, changed), as clap and cargo
/// suggest.
pub fn closest<'a>(word: &str, names: &[&'a str]) -> Option<&'a str> {
    let word = word.to_lowercase();
    let limit = (word.chars().count() / 3).max(1);
    names
        .iter()
        .map(|n| (edit_distance(&word, &n.to_lowercase()), *n))
        .filter(|&(d, _)| d <= limit)
        .min_by_key(|&(d, _)| d)
        .map(|(_, n)| n)
}

/// Edit distance (optimal string alignment): the fewest one-character insertions, deletions,
/// substitutions and swaps of neighbours that turn `a` into `b` (`cuont` is one from `count`).
fn edit_distance(a: &str, b: &str) -> usize {
    let (a, b): (Vec<char>, Vec<char>) = (a.chars().collect(), b.chars().collect());
    // Three rows of the table: two rows back (for swaps), the last row, and this one.
    let mut before: Vec<usize> = vec![0; b.len() + 1];
    let mut last: Vec<usize> = (0..=b.len()).collect();
    for i in 1..=a.len() {
        let mut row = vec![i; b.len() + 1];
        for j in 1..=b.len() {
            let cost = usize::from(a[i - 1] != b[j - 1]);
            row[j] = (last[j] + 1).min(row[j - 1] + 1).min(last[j - 1] + cost);
            if i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] {
                row[j] = row[j].min(before[j - 2] + 1);
            }
        }
        before = std::mem::replace(&mut last, row);
    }
    last[b.len()]
}

/// Names are 1 to 64 characters, with no control, format or separator characters, no comma,
/// no spec punctuation, and no `#` at the start.
pub fn check_name(name: &str) -> Result<(), String> {
    check_kept_name(name)?;
    // A shell reads a word that starts with `#` as a comment (interactive zsh as a word), so a
    // line pasted with one behaves differently in each shell.
    if name.trim_start().starts_with('#') {
        return Err(format!(
            "the name '{name}' starts with '#', which a shell may read as a comment; \
             name it without the '#' at the start (No. 1 rather than #1)"
        ));
    }
    Ok(())
}

/// [`check_name`] for a name a fight file already keeps: one that starts with `#`, given before
/// fray refused such names, still reads.
pub fn check_kept_name(name: &str) -> Result<(), String> {
    if name.trim().is_empty() {
        return Err("a name cannot be empty".to_string());
    }
    if name.chars().count() > MAX_NAME_CHARS {
        return Err(format!("the name is longer than {MAX_NAME_CHARS} characters"));
    }
    if name.chars().any(|c| c.is_control()) {
        return Err("a name cannot contain control characters".to_string());
    }
    if let Some(c) = invisible(name) {
        return Err(format!("a name cannot contain invisible format or separator characters ({c})"));
    }
    if name.contains(',') {
        return Err(format!("the name '{name}' contains ',', and -q joins names with commas"));
    }
    if name.contains([':', '=', '*']) {
        return Err(format!("the name '{name}' contains one of : = * which separate keys"));
    }
    Ok(())
}

/// A spec split into its parts: `Goblin*4:dex=+2,side=monsters`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spec<'a> {
    pub name: &'a str,
    /// `*COUNT` or `count=`, already checked to be (or to roll) 1 to [`MAX_GROUP`].
    pub count: Option<Count>,
    /// `KEY[=VALUE]` in order, trimmed; the keys are not checked here.
    pub keys: Vec<(&'a str, Option<&'a str>)>,
}

/// Splits `NAME[*COUNT][:KEY[=VALUE],...]` and checks the name and the count; `what` names
/// the thing for "a side has no *COUNT" when `groups` is false.
pub fn split_spec<'a>(text: &'a str, what: &str, groups: bool) -> Result<Spec<'a>, String> {
    let (head, rest) = match text.split_once(':') {
        Some((head, rest)) => (head, Some(rest)),
        None => (text, None),
    };
    let (name, mut count) = match head.rsplit_once('*') {
        Some(_) if !groups => return Err(format!("a {what} has no *COUNT")),
        Some((name, count)) => (name.trim(), Some(parse_count(count)?)),
        None => (head.trim(), None),
    };
    // Trimming would drop a separator (U+2028 is white space): look before trimming.
    if let Some(c) = invisible(head) {
        return Err(format!("a name cannot contain invisible format or separator characters ({c})"));
    }
    check_name(name)?;
    let mut keys = Vec::new();
    for item in rest.into_iter().flat_map(|rest| rest.split(',')) {
        let (key, value) = match item.split_once('=') {
            Some((k, v)) => (k.trim(), Some(v.trim())),
            None => (item.trim(), None),
        };
        if key.is_empty() {
            return Err("an empty key".into());
        }
        if let Some(c) = invisible(item) {
            return Err(format!("key '{}' cannot contain invisible format or separator characters ({c})", echo(key)));
        }
        // `count=N`, the glob-safe form of `*N` (an unquoted `*` is a wildcard in zsh and fish).
        if groups && key.eq_ignore_ascii_case("count") {
            if count.is_some() {
                return Err("the group size is given twice (*COUNT and count=, or count= twice)".into());
            }
            count = Some(parse_count(value.ok_or("key 'count' needs a group size")?)?);
            continue;
        }
        keys.push((key, value));
    }
    Ok(Spec { name, count, keys })
}

/// A group size as written after `*` or in `count=` (inline or in a roster): a whole number
/// from 1 to [`MAX_GROUP`], or dice whose every result lies there (`2d4`), rolled once per run
/// when the cast is loaded. The one place a count is read.
pub fn parse_count(text: &str) -> Result<Count, String> {
    let text = text.trim();
    let n: u64 = match text.strip_prefix('+').unwrap_or(text) {
        digits if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) => {
            digits.parse().unwrap_or(u64::MAX)
        }
        dice if dice.bytes().any(|b| b.eq_ignore_ascii_case(&b'd')) => {
            return crate::dice::expr::parse_count(dice, MAX_GROUP).map_err(|why| echo_quoted(&why));
        }
        _ => {
            return Err(format!(
                "'{}' is not a group size; allowed: a whole number from 1 to {MAX_GROUP}, or dice such as 2d4",
                echo(text)
            ));
        }
    };
    if n == 0 || n > u64::from(MAX_GROUP) {
        let shown = if n == u64::MAX { echo(text) } else { n.to_string() };
        return Err(format!("a group has 1 to {MAX_GROUP} members, not {shown}"));
    }
    Ok(Count::Fixed(n as u32))
}

/// The members a count gives before it is rolled (dice count as their fewest, 1 or more).
pub fn members_before_rolling(count: &Count) -> u32 {
    match count {
        Count::Fixed(n) => *n,
        Count::Dice { .. } => 1,
    }
}

/// A side or combatant as written, before sides are resolved.
#[derive(Clone, Debug)]
pub struct RawSpec {
    pub name: String,
    pub count: u32,
    /// The count was written (`*N`, `count=N`), so it overrides an earlier entry's.
    pub count_given: bool,
    /// Dice to roll for the count when the cast is loaded (`count=2d4`); `count` is 1 until then.
    pub count_roll: Option<Count>,
    /// `side=` of a combatant.
    pub side: Option<String>,
    pub keys: KeyValues,
    pub origin: Origin,
}

impl RawSpec {
    /// An entry not yet named, one strong, with no keys: what a roster's or a table's mapping
    /// fills in key by key.
    pub fn unnamed(origin: Origin) -> RawSpec {
        RawSpec {
            name: String::new(),
            count: 1,
            count_given: false,
            count_roll: None,
            side: None,
            keys: KeyValues::default(),
            origin,
        }
    }
}

fn usage_at(origin: &Origin, what: impl fmt::Display) -> Error {
    match origin {
        Origin::Inline(_) => Error::usage(format!("{origin}: {what}")),
        Origin::Roster(_) => Error::data(format!("{origin}: {what}")),
    }
}

/// Parses an inline `NAME[:KEY[=VALUE],...]`, for combatants with `count=N` or `NAME*N` for a
/// group.
pub fn parse_inline(text: &str, owner: Owner, keys: &RulesetKeys) -> Result<RawSpec> {
    let origin = Origin::Inline(text.to_string());
    parse_spec(text, owner, keys, origin.clone()).map_err(|(what, with_hint)| {
        let err = usage_at(&origin, what);
        match (with_hint, owner) {
            (false, _) => err,
            (true, Owner::Side) => err.hint("write a side as NAME[:KEY[=VALUE],...]"),
            (true, Owner::Combatant) => err.hint("write a combatant as NAME[:KEY[=VALUE],...], a group with count=N"),
        }
    })
}

/// Parses a spec; a failure says what is wrong, and whether the spec's shape is (so that a
/// hint showing the shape helps).
pub fn parse_spec(
    text: &str,
    owner: Owner,
    keys: &RulesetKeys,
    origin: Origin,
) -> std::result::Result<RawSpec, (String, bool)> {
    let parts = split_spec(text, owner.word(), owner == Owner::Combatant).map_err(|what| (what, true))?;
    let mut spec = RawSpec {
        name: parts.name.to_string(),
        count: parts.count.as_ref().map_or(1, members_before_rolling),
        count_given: parts.count.is_some(),
        count_roll: parts.count.filter(|c| matches!(c, Count::Dice { .. })),
        side: None,
        keys: KeyValues::default(),
        origin,
    };
    for (key, value) in parts.keys {
        apply_key(&mut spec, owner, keys, key, value).map_err(|what| (what, false))?;
    }
    finish_keys(&spec, owner, keys).map_err(|what| (what, false))?;
    Ok(spec)
}

/// Checks and records one key on a spec (`side=` is handled here for combatants).
pub fn apply_key(
    spec: &mut RawSpec,
    owner: Owner,
    keys: &RulesetKeys,
    key: &str,
    value: Option<&str>,
) -> Result<(), String> {
    if owner == Owner::Combatant && key.eq_ignore_ascii_case("side") {
        let side = value.ok_or("key 'side' needs a side's name")?;
        check_name(side).map_err(|why| format!("key 'side': {why}"))?;
        spec.side = Some(side.to_string());
        return Ok(());
    }
    let (def, value) = keys.check(owner, key, value)?;
    spec.keys.set(def.name, value);
    Ok(())
}

/// Proves a spec's keys fill the ruleset's struct, once all of them are read.
pub fn finish_keys(spec: &RawSpec, owner: Owner, keys: &RulesetKeys) -> Result<(), String> {
    keys.list(owner).fits(&spec.keys).map_err(|why| format!("the {} ruleset cannot read these keys: {why}", keys.rules))
}

/// Adds `later` (one source's entries) to `specs` (the earlier sources'): an entry named as an
/// earlier one overrides it (its keys, side and count where it gives them); names repeated
/// within `later` are left for [`Cast::resolve`] to refuse.
pub fn override_by_name(specs: &mut Vec<RawSpec>, later: Vec<RawSpec>) {
    let earlier = specs.len();
    for spec in later {
        match specs[..earlier].iter_mut().find(|s| s.name == spec.name) {
            Some(old) => {
                old.keys.merge(spec.keys);
                if spec.side.is_some() {
                    old.side = spec.side;
                }
                if spec.count_given {
                    old.count = spec.count;
                    old.count_roll = spec.count_roll;
                }
                old.origin = spec.origin;
            }
            None => specs.push(spec),
        }
    }
}

/// Sides and combatants, resolved: every combatant placed on a side, names unique. The keys
/// are checked [`KeyValues`] until a ruleset reads them with [`Cast::typed`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cast<S = KeyValues, C = KeyValues> {
    pub sides: Vec<Side<S>>,
    pub combatants: Vec<Combatant<C>>,
    /// The sides are the default `party` and `monsters`: none was named.
    pub default_sides: bool,
    /// Each side and combatant read from a roster: its name and where it is (`FILE:LINE:COLUMN`).
    pub roster_at: Vec<(String, String)>,
}

impl<S, C> Default for Cast<S, C> {
    fn default() -> Self {
        Cast { sides: Vec::new(), combatants: Vec::new(), default_sides: false, roster_at: Vec::new() }
    }
}

/// The sides there are when none is named.
pub const DEFAULT_SIDES: [&str; 2] = ["party", "monsters"];

impl Cast {
    /// Resolves raw specs: default sides `party` and `monsters` when none are named,
    /// combatants on the first side unless `side=` says otherwise.
    pub fn resolve(sides: Vec<RawSpec>, combatants: Vec<RawSpec>) -> Result<Cast> {
        let mut cast = Cast { default_sides: sides.is_empty(), ..Cast::default() };
        if cast.default_sides {
            for name in DEFAULT_SIDES {
                cast.sides.push(Side { name: name.to_string(), keys: KeyValues::default() });
            }
        }
        if sides.len() > MAX_SIDES {
            return Err(Error::usage(format!("{} sides given; at most {MAX_SIDES}", sides.len())));
        }
        for spec in sides.iter().chain(&combatants) {
            if let Origin::Roster(at) = &spec.origin {
                cast.roster_at.push((spec.name.clone(), at.clone()));
            }
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

    /// The cast with its keys read into the ruleset's structs: `S` for sides, `C` for
    /// combatants.
    pub fn typed<S: DeserializeOwned, C: DeserializeOwned>(self) -> Result<Cast<S, C>> {
        let unfit =
            |name: &str, why: String| Error::data(format!("the keys of '{name}' do not fit this ruleset: {why}"));
        let sides = self
            .sides
            .into_iter()
            .map(|s| Ok(Side { keys: s.keys.read().map_err(|why| unfit(&s.name, why))?, name: s.name }))
            .collect::<Result<_>>()?;
        let combatants = self
            .combatants
            .into_iter()
            .map(|c| {
                let keys = c.keys.read().map_err(|why| unfit(&c.name, why))?;
                Ok(Combatant { name: c.name, count: c.count, side: c.side, keys })
            })
            .collect::<Result<_>>()?;
        Ok(Cast { sides, combatants, default_sides: self.default_sides, roster_at: self.roster_at })
    }
}

/// A usage error about a side or combatant read from a roster (it names it, quoted) becomes a
/// data error at its place in the file, as every roster error is.
pub fn at_roster_entry(err: Error, roster_at: &[(String, String)]) -> Error {
    let Error::Usage { what, hint } = err else { return err };
    let first = roster_at
        .iter()
        .filter_map(|(name, at)| {
            let found = [format!("'{name}'"), format!("'{name} ")].iter().filter_map(|q| what.find(q.as_str())).min();
            found.map(|i| (i, at))
        })
        .min_by_key(|&(i, _)| i);
    match first {
        Some((_, at)) => Error::Data { what: format!("{at}: {what}"), hint },
        None => Error::Usage { what, hint },
    }
}

impl<S, C> Cast<S, C> {
    /// Once combatants are named, a default side none of them is on takes no part (it would
    /// roll, or fight as a combatant nobody named), unless the command gives it one: `keep`
    /// names the sides the command's flags name, by hand or by default (`--ambush` means
    /// monsters). Sides named with `--side` always stay.
    pub fn take_part(mut self, keep: &[&str]) -> Self {
        if !self.default_sides || self.combatants.is_empty() {
            return self;
        }
        let used: Vec<bool> = (0..self.sides.len())
            .map(|i| self.combatants.iter().any(|c| c.side == i) || keep.contains(&self.sides[i].name.as_str()))
            .collect();
        let mut index = Vec::with_capacity(used.len());
        let mut kept = 0;
        for &u in &used {
            index.push(kept);
            kept += usize::from(u);
        }
        let mut i = 0;
        self.sides.retain(|_| {
            i += 1;
            used[i - 1]
        });
        for c in &mut self.combatants {
            c.side = index[c.side];
        }
        self
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
            Error::usage(format!("{flag} names '{}', which is not a side", echo(name)))
                .hint(format!("sides: {}", self.side_names()))
        })
    }

    /// The combatants on side `side`.
    pub fn on_side(&self, side: usize) -> impl Iterator<Item = &Combatant<C>> {
        self.combatants.iter().filter(move |c| c.side == side)
    }
}

#[cfg(test)]
mod tests;
