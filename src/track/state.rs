//! A fight as it is kept between commands: one readable JSON file per fight in the state
//! directory, with a format name and version, written whole to a new temporary file beside it
//! and renamed into place, so a reader sees the fight before or after a command, never
//! between. A file that is not JSON, not fray's or from a newer fray is refused and left as it
//! is; a fight of format version 1 is read and written back as version 2.

use super::patch;
use crate::error::{Error, Result, io_reason};
use crate::fight::{Combatant, Recovery};
use serde::{Deserialize, Serialize};
use serde_json::value::RawValue;
use serde_json::{Number, Value};
use std::io::{Read, Write};
use std::ops::Not;
use std::path::{Path, PathBuf};

/// What every fight file says it is.
pub const FORMAT: &str = "fray-track";
/// The format version this fray writes (it reads every older one too).
pub const VERSION: u64 = 2;
/// Commands `undo` can take back.
pub const UNDO_DEPTH: usize = 50;
/// The patches `undo` keeps may take this many bytes, or as many as the fight itself if that
/// is more; the oldest go first.
pub const UNDO_BYTES: usize = 24 * 1024;
/// The last round a fight may reach.
pub const MAX_ROUND: u32 = 1_000_000;
/// The largest fight file fray reads; it never writes one larger.
pub const MAX_FILE_BYTES: u64 = 64 * 1024 * 1024;
/// The longest note, in characters, and the most notes and effects one combatant keeps.
pub const MAX_NOTE_CHARS: usize = 500;
pub const MAX_NOTES: usize = 20;
pub const MAX_EFFECTS: usize = 20;

/// One fight.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Fight {
    pub format: String,
    pub version: u64,
    pub fight: String,
    pub rules: String,
    pub round: u32,
    /// The place in `order` of whoever's turn it is.
    pub turn: usize,
    /// The round it ended in, once `end` has ended it (until `undo` takes that back).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended: Option<u32>,
    /// The sides, in the order they were named (the first is the players').
    #[serde(default)]
    pub sides: Vec<String>,
    pub setup: Setup,
    pub order: Vec<Seat>,
    /// Everyone in the fight, each member of a group on its own.
    #[serde(default)]
    pub combatants: Vec<Combatant>,
    /// The ruleset's own record of the fight (the morale checks each side has made).
    #[serde(default, skip_serializing_if = "serde_json::Map::is_empty")]
    pub record: serde_json::Map<String, Value>,
    /// What each of the last commands changed, the latest last (for `undo`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub undo: Vec<Step>,
}

/// What the fight was started with, to roll initiative anew and to place late arrivals.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub sides: Vec<String>,
    #[serde(default)]
    pub combatants: Vec<String>,
    /// The rosters' text as it was when the fight started (the config's first).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rosters: Vec<SavedRoster>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ties: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variant: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub wait: Vec<String>,
    #[serde(default, skip_serializing_if = "Not::not")]
    pub individual: bool,
    #[serde(default, skip_serializing_if = "Not::not")]
    pub lair: bool,
    /// The creature whose lair it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lair_owner: Option<String>,
    /// Combatants and sides taken out of the fight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
    /// The ruleset's rules the fight plays without (`--no-rule`), and its optional rules it
    /// plays with (`--rule`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub no_rules: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rules: Vec<String>,
}

/// A roster file's text as it was when the fight started.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedRoster {
    pub name: String,
    pub text: String,
}

/// One place in the acting order: a combatant, a group or a side (where sides take the turns)
/// acting together, or the lair.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    /// The initiative it acts on (null: not rolled, such as a side surprised in round 1).
    pub total: Option<Number>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// Who acts in this place: a side's combatants, a group's members (none: the combatant
    /// the seat is named after).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub members: Vec<String>,
    /// Its place in the rolled order, which a moved action returns to the next round.
    pub rank: u32,
    /// What breaks a tie on its total where the order says (a wod modifier, Dexterity +
    /// Composure), for those who delay to the same moment.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tie: Option<i64>,
    /// The dice and modifiers behind the total, in words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rolled: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub out: Option<Out>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved: Option<Moved>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holds: Option<Hold>,
    #[serde(default, skip_serializing_if = "Not::not")]
    pub lair: bool,
    /// The round whose turn it has taken last: one turn a round, however it moves.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub acted: Option<u32>,
}

impl Seat {
    /// A place named `name` on its total.
    pub fn new(name: impl Into<String>, total: Option<Number>) -> Seat {
        Seat {
            name: name.into(),
            total,
            side: None,
            members: Vec::new(),
            rank: 0,
            tie: None,
            rolled: None,
            out: None,
            moved: None,
            holds: None,
            lair: false,
            acted: None,
        }
    }

    /// The names of those who act in this place.
    pub fn who(&self) -> Vec<&str> {
        if self.lair {
            return Vec::new();
        }
        if self.members.is_empty() {
            vec![self.name.as_str()]
        } else {
            self.members.iter().map(String::as_str).collect()
        }
    }
}

/// Why a seat cannot act, and until when.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Out {
    pub reason: String,
    /// The round it acts from (null while a recovery roll decides, or until `set`).
    pub from_round: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recovery: Option<Recovery>,
}

/// A delayed, readied or held action, for this round only.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Moved {
    /// `delayed`, `readied` or `held`.
    pub how: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub anchor: Option<String>,
    /// The total it returns to next round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_total: Option<Number>,
}

/// An action held into a later round.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Hold {
    /// The round it may act at any moment of.
    pub round: u32,
    /// Where it is placed in that round: `before` or `after` another (default: first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<(String, String)>,
}

/// One command `undo` can take back: its name, what it said, and the patch that turns the
/// fight after it back into the fight before.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Step {
    pub command: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub said: Vec<String>,
    /// Kept as written: read only when undone.
    pub patch: Box<RawValue>,
}

impl Step {
    /// The step of `command`, which said `said`, undone by `patch`.
    pub fn new(command: &str, said: Vec<String>, patch: &Value) -> Result<Step> {
        let patch = RawValue::from_string(patch.to_string())
            .map_err(|e| Error::data(format!("cannot keep what '{command}' changed: {e}")))?;
        Ok(Step { command: command.to_string(), said, patch })
    }

    /// Its size as the file holds it, near enough for the byte budget.
    fn bytes(&self) -> usize {
        self.patch.get().len() + self.command.len() + self.said.iter().map(|s| s.len() + 3).sum::<usize>() + 40
    }
}

impl Fight {
    /// The seat whose turn it is.
    pub fn current(&self) -> Option<&Seat> {
        self.order.get(self.turn)
    }

    /// The combatant named `name`.
    pub fn combatant(&self, name: &str) -> Option<&Combatant> {
        self.combatants.iter().find(|c| c.name == name)
    }

    pub fn combatant_mut(&mut self, name: &str) -> Option<&mut Combatant> {
        self.combatants.iter_mut().find(|c| c.name == name)
    }

    /// The fight as a value to compare, without what `undo` keeps.
    pub fn snapshot(&mut self) -> Result<Value> {
        let value = self.without_undo(|fight| serde_json::to_value(fight));
        let mut value = value.map_err(|e| Error::data(format!("cannot keep the fight: {e}")))?;
        if let Some(fields) = value.as_object_mut() {
            fields.remove("undo");
        }
        Ok(value)
    }

    /// What `look` makes of the fight with its `undo` set aside (its patches are kept as text,
    /// not to be read again for nothing).
    fn without_undo<T>(&mut self, look: impl FnOnce(&Fight) -> T) -> T {
        let undo = std::mem::take(&mut self.undo);
        let seen = look(self);
        self.undo = undo;
        seen
    }

    /// The fight before a command, for [`Fight::remember`] to keep what the command changes.
    pub fn before(&mut self) -> Result<Before> {
        Ok(Before { rest: self.rest()?, order: self.order.clone(), combatants: self.combatants.clone() })
    }

    /// All but its lists of seats and combatants, and its undo, as a value to compare.
    fn rest(&mut self) -> Result<Value> {
        let order = std::mem::take(&mut self.order);
        let combatants = std::mem::take(&mut self.combatants);
        let rest = self.snapshot();
        self.order = order;
        self.combatants = combatants;
        rest
    }

    /// Keeps what `command` changed since `before` for `undo`, with what it said; the oldest
    /// steps go past [`UNDO_DEPTH`] or the byte budget.
    ///
    /// The patch is the one `patch::diff` makes of the two fights whole, found without
    /// writing them whole: seats and combatants that stayed in their places are compared as
    /// they are, and only those that changed are written out to be compared field by field.
    pub fn remember(&mut self, before: Before, command: &str, said: Vec<String>) -> Result<()> {
        let rest = patch::diff(&before.rest, &self.rest()?);
        let order = list_patch(&before.order, &self.order, |seat| &seat.name)?;
        let combatants = list_patch(&before.combatants, &self.combatants, |c| &c.name)?;
        let mut patch = match rest {
            Some(Value::Object(patch)) => patch,
            _ => serde_json::Map::new(),
        };
        for (key, list) in [("order", order), ("combatants", combatants)] {
            let Some(list) = list else { continue };
            let keys = patch.entry("~").or_insert_with(|| Value::Object(serde_json::Map::new()));
            if let Value::Object(keys) = keys {
                keys.insert(key.to_string(), list);
            }
        }
        if patch.is_empty() {
            patch.insert("~".into(), Value::Object(serde_json::Map::new()));
        }
        self.undo.push(Step::new(command, said, &Value::Object(patch))?);
        let budget = UNDO_BYTES.max(self.without_undo(patch::json_len));
        let mut bytes = 0;
        let mut keep = 0;
        for step in self.undo.iter().rev() {
            bytes += step.bytes();
            if keep == UNDO_DEPTH || (keep > 0 && bytes > budget) {
                break;
            }
            keep += 1;
        }
        let drop = self.undo.len() - keep;
        self.undo.drain(..drop);
        Ok(())
    }

    /// The fight `steps` commands ago (with the steps before that still to undo).
    pub fn undone(mut self, steps: usize) -> Result<Fight> {
        let mut stack = std::mem::take(&mut self.undo);
        let mut value = self.snapshot()?;
        for _ in 0..steps {
            let Some(step) = stack.pop() else { break };
            let patch: Value = serde_json::from_str(step.patch.get())
                .map_err(|e| Error::data(format!("cannot undo '{}': {e}", step.command)))?;
            patch::apply(&mut value, &patch)
                .map_err(|why| Error::data(format!("cannot undo '{}': {why}", step.command)))?;
        }
        let mut back: Fight = serde_json::from_value(value)
            .map_err(|e| Error::data(format!("cannot undo: the fight before it does not read back ({e})")))?;
        back.undo = stack;
        Ok(back)
    }
}

/// A fight as it was before a command: see [`Fight::before`].
pub struct Before {
    rest: Value,
    order: Vec<Seat>,
    combatants: Vec<Combatant>,
}

/// The patch that turns list `new` back into `old` ([`patch::diff`]'s), or `None` when they are
/// equal: item by item where each kept its place, else from the two lists whole.
fn list_patch<T: PartialEq + Serialize>(old: &[T], new: &[T], name: fn(&T) -> &String) -> Result<Option<Value>> {
    let json = |item: &T| serde_json::to_value(item).map_err(|e| Error::data(format!("cannot keep the fight: {e}")));
    let in_place = !old.is_empty() && old.len() == new.len() && old.iter().zip(new).all(|(a, b)| name(a) == name(b));
    if !in_place {
        let (old, new) = (json_list(old)?, json_list(new)?);
        return Ok(patch::diff(&old, &new));
    }
    let mut items = serde_json::Map::new();
    for (i, (was, now)) in old.iter().zip(new).enumerate() {
        if was != now
            && let Some(patch) = patch::diff(&json(was)?, &json(now)?)
        {
            items.insert(i.to_string(), patch);
        }
    }
    Ok((!items.is_empty()).then(|| serde_json::json!({ "#": items })))
}

fn json_list<T: Serialize>(list: &[T]) -> Result<Value> {
    serde_json::to_value(list).map_err(|e| Error::data(format!("cannot keep the fight: {e}")))
}

/// Where fights are kept: `$XDG_STATE_HOME/fray`, else `~/.local/state/fray` (a relative
/// XDG_STATE_HOME is passed over, as the XDG spec says).
pub fn directory(state_home: Option<&str>, home: Option<&str>) -> Result<PathBuf> {
    if let Some(state) = state_home.filter(|s| Path::new(s).is_absolute()) {
        return Ok(Path::new(state).join("fray"));
    }
    match home.filter(|h| !h.is_empty()) {
        Some(home) => Ok(Path::new(home).join(".local/state/fray")),
        None => Err(Error::data("cannot tell where fights are kept: neither XDG_STATE_HOME nor HOME is set")
            .hint("set XDG_STATE_HOME to a folder")),
    }
}

/// A fight's name as a file name: letters, digits, `.`, `_`, `-`, not starting with `.`.
pub fn check_name(name: &str) -> Result<()> {
    let fits = !name.is_empty()
        && name.len() <= 64
        && !name.starts_with('.')
        && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if fits {
        return Ok(());
    }
    Err(Error::usage(format!("'{}' is not a fight name", crate::cast::echo(name)))
        .hint("a fight name is 1 to 64 letters, digits, '.', '_' or '-', not starting with '.'"))
}

/// The file of fight `name` in `dir`.
pub fn file(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!("{name}.json"))
}

/// The lock file of fight `name`.
pub fn lock_file(dir: &Path, name: &str) -> PathBuf {
    dir.join(format!(".{name}.lock"))
}

/// The start of the name of every temporary file a writer of fight `name` makes.
fn temp_prefix(name: &str) -> String {
    format!(".{name}.json.tmp-")
}

fn refused(path: &Path, why: impl std::fmt::Display) -> Error {
    Error::data(format!(
        "the fight file {} {why}; it is left as it is",
        crate::cast::echo_path(&path.display().to_string())
    ))
    .hint("move it away or delete it to start that fight anew, or name another with --fight")
}

/// Reads the fight at `path`; `None` when there is none.
pub fn load(path: &Path) -> Result<Option<Fight>> {
    let file = match super::files::open_to_read(path) {
        Ok(file) => file,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(refused(path, format!("cannot be read ({})", io_reason(&e)))),
    };
    // Read in one go where its size is known, not grown from a few bytes.
    let size = file.metadata().map_or(0, |m| m.len().min(MAX_FILE_BYTES) as usize);
    let mut bytes = Vec::with_capacity(size + 1);
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| refused(path, format!("cannot be read ({})", io_reason(&e))))?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(refused(path, format!("is larger than {} MiB, so not a fight fray wrote", MAX_FILE_BYTES >> 20)));
    }
    // A fight of this version is read typed at once; anything else is looked at again, to say
    // what it is.
    if let Ok(fight) = serde_json::from_slice::<Fight>(&bytes)
        && fight.format == FORMAT
        && fight.version == VERSION
    {
        check(&fight).map_err(|why| refused(path, format!("is damaged: {why}")))?;
        return Ok(Some(fight));
    }
    // What it says it is, read before the rest (whose shape depends on it).
    let value: Value = serde_json::from_slice(&bytes).map_err(|e| {
        refused(path, format!("is not valid JSON (line {}, column {}: {})", e.line(), e.column(), json_reason(&e)))
    })?;
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(refused(path, format!("is not a fray fight (it has no \"format\": \"{FORMAT}\")")));
    }
    let typed = |e: serde_json::Error| refused(path, format!("is damaged: {}", json_reason(&e)));
    let fight = match value.get("version").and_then(Value::as_u64) {
        Some(v) if v > VERSION => {
            return Err(refused(
                path,
                format!("is from a newer fray (format version {v}; this fray reads versions up to {VERSION})"),
            ));
        }
        Some(1) => super::version1::convert(value).map_err(|why| refused(path, format!("is damaged: {why}")))?,
        Some(2) => Fight::deserialize(value).map_err(typed)?,
        _ => return Err(refused(path, "is damaged: its \"version\" is not a format version")),
    };
    check(&fight).map_err(|why| refused(path, format!("is damaged: {why}")))?;
    Ok(Some(fight))
}

fn json_reason(e: &serde_json::Error) -> String {
    let text = e.to_string();
    text.split(" at line ").next().unwrap_or(&text).to_string()
}

/// What a fight read from a file must hold for the tracker to work on it.
fn check(fight: &Fight) -> std::result::Result<(), String> {
    if crate::rulesets::Ruleset::named(&fight.rules).is_none() {
        return Err(format!("its ruleset '{}' is not one fray knows", crate::cast::echo(&fight.rules)));
    }
    if fight.round == 0 || fight.round > MAX_ROUND {
        return Err(format!("its round {} is not from 1 to {MAX_ROUND}", fight.round));
    }
    if fight.turn >= fight.order.len().max(1) {
        return Err(format!("its turn {} is past its order of {}", fight.turn, fight.order.len()));
    }
    let names = fight.order.iter().map(|s| &s.name).chain(fight.order.iter().flat_map(|s| &s.members));
    for name in names.chain(fight.combatants.iter().map(|c| &c.name)) {
        crate::cast::check_kept_name(name).map_err(|why| format!("a name in it is refused: {why}"))?;
    }
    for c in &fight.combatants {
        // `track note` writes none longer, nor over one line.
        if c.notes.iter().any(|n| n.chars().count() > MAX_NOTE_CHARS || n.chars().any(char::is_control)) {
            return Err(format!(
                "{} has a note longer than {MAX_NOTE_CHARS} characters or over one line",
                crate::cast::echo(&c.name)
            ));
        }
        if c.notes.len() > MAX_NOTES || c.effects.len() > MAX_EFFECTS {
            return Err(format!(
                "{} has more than {MAX_NOTES} notes or {MAX_EFFECTS} effects",
                crate::cast::echo(&c.name)
            ));
        }
    }
    Ok(())
}

/// Writes `fight` to `path`: whole into a new temporary file in the same folder (created
/// afresh, never through a link, with the mode of the file it replaces or 0600), flushed to
/// disk, then renamed over the old one, and the folder flushed. `pause` holds the process
/// between the write and the rename (for the test that kills it there).
pub fn save(path: &Path, fight: &Fight, pause: Option<std::time::Duration>) -> Result<()> {
    let mut bytes =
        serde_json::to_vec_pretty(fight).map_err(|e| Error::data(format!("cannot write the fight: {e}")))?;
    bytes.push(b'\n');
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(Error::data(format!(
            "the fight '{}' would grow past {} MiB, more than fray reads back; it is left as it was",
            fight.fight,
            MAX_FILE_BYTES >> 20
        ))
        .hint("end it, or remove combatants, notes or effects"));
    }
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_stem().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let (temp, mut file) = super::files::create_temp(dir, &temp_prefix(&name), path).map_err(|e| {
        Error::data(format!("cannot write in {}: {}", dir.display(), io_reason(&e)))
            .hint("check that the state folder is writable")
    })?;
    let cannot = |what: &str, e: std::io::Error| {
        let _ = std::fs::remove_file(&temp);
        Error::data(format!("cannot {what} {}: {}", temp.display(), io_reason(&e)))
            .hint("check that the state folder is writable")
    };
    if let Err(e) = file.write_all(&bytes).and_then(|()| file.sync_all()) {
        return Err(cannot("write", e));
    }
    drop(file);
    if let Some(pause) = pause {
        std::thread::sleep(pause);
    }
    // A fight written anew lasts once its folder is flushed; one replaced needs no more than
    // its own flushed bytes and the rename, which leaves either it or the one before, whole.
    let new = std::fs::symlink_metadata(path).is_err();
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        Error::data(format!("cannot replace {}: {}", path.display(), io_reason(&e)))
    })?;
    if new {
        super::files::sync_folder(dir);
    }
    Ok(())
}

/// Removes fight file `path`, and flushes its folder.
pub fn remove(path: &Path) -> Result<()> {
    std::fs::remove_file(path)
        .map_err(|e| Error::data(format!("cannot remove {}: {}", path.display(), io_reason(&e))))?;
    super::files::sync_folder(path.parent().unwrap_or(Path::new(".")));
    Ok(())
}

/// Temporary files a killed writer of fight `name` left behind (called under the lock): only
/// this fight's, never another's whose name starts the same.
pub fn sweep(dir: &Path, name: &str) {
    let prefix = temp_prefix(name);
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            let ours = file
                .strip_prefix(&prefix)
                .is_some_and(|tail| !tail.is_empty() && tail.chars().all(|c| c.is_ascii_hexdigit()));
            if ours {
                let _ = std::fs::remove_file(entry.path());
            }
        }
    }
}

/// The names of the fights kept in `dir`, sorted.
pub fn names(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter_map(|e| e.file_name().to_str()?.strip_suffix(".json").map(str::to_string))
                .filter(|n| check_name(n).is_ok())
                .collect()
        })
        .unwrap_or_default();
    names.sort();
    names
}

#[cfg(test)]
mod tests {
    use super::*;

    pub fn fight(round: u32) -> Fight {
        Fight {
            format: FORMAT.into(),
            version: VERSION,
            fight: "default".into(),
            rules: "ose".into(),
            round,
            turn: 0,
            ended: None,
            sides: vec!["party".into(), "monsters".into()],
            setup: Setup::default(),
            order: Vec::new(),
            combatants: Vec::new(),
            record: serde_json::Map::new(),
            undo: Vec::new(),
        }
    }

    #[test]
    fn the_state_folder_follows_xdg() {
        assert_eq!(directory(Some("/s"), Some("/h")).unwrap(), Path::new("/s/fray"));
        // A relative XDG_STATE_HOME is passed over, as the XDG spec says.
        assert_eq!(directory(Some("s"), Some("/h")).unwrap(), Path::new("/h/.local/state/fray"));
        assert_eq!(directory(None, Some("/h")).unwrap(), Path::new("/h/.local/state/fray"));
        assert!(directory(None, None).is_err());
    }

    #[test]
    fn fight_names_are_file_names_and_nothing_more() {
        for good in ["default", "crypt-2", "a.b_c"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        for bad in ["", ".hidden", "../up", "a/b", "with space", &"x".repeat(65)] {
            assert!(check_name(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn undo_keeps_the_last_commands_only_and_takes_each_back() {
        let mut now = fight(1);
        for round in 2..=(UNDO_DEPTH as u32 + 10) {
            let before = now.before().unwrap();
            now.round = round;
            now.remember(before, "next", Vec::new()).unwrap();
        }
        assert_eq!(now.undo.len(), UNDO_DEPTH);
        let back = now.clone().undone(3).unwrap();
        assert_eq!(back.round, UNDO_DEPTH as u32 + 7);
        assert_eq!(back.undo.len(), UNDO_DEPTH - 3);
        let all = now.undone(UNDO_DEPTH).unwrap();
        assert_eq!(all.round, 10);
    }

    /// The patch kept item by item is the one the two fights whole give, and undoing it gives
    /// the fight before back, whatever the command did to the lists.
    #[test]
    fn a_kept_step_is_the_whole_fights_patch() {
        fn seat(name: &str, total: i64) -> Seat {
            Seat::new(name, Some(Number::from(total)))
        }
        let mut now = fight(1);
        now.order = vec![seat("A", 5), seat("B", 3), seat("C", 1)];
        now.combatants = ["A", "B", "C"].map(|n| Combatant::new(n, "party")).to_vec();
        type Change = (&'static str, fn(&mut Fight));
        let changes: Vec<Change> = vec![
            ("nothing", |_| {}),
            ("a hit", |f| f.combatants[1].hp = Some(4)),
            ("a turn", |f| {
                f.turn = 1;
                f.order[0].acted = Some(1);
            }),
            ("an effect and a note", |f| {
                f.combatants[2].notes.push("prone".into());
                f.combatants[0].own.insert("ac".into(), Value::from(15));
            }),
            ("the order rolled anew", |f| f.order.reverse()),
            ("one more", |f| {
                f.order.push(seat("D", 9));
                f.combatants.push(Combatant::new("D", "monsters"));
            }),
            ("one gone", |f| {
                f.order.remove(0);
                f.combatants.remove(1);
            }),
            ("the end", |f| f.ended = Some(1)),
            ("all gone", |f| {
                f.order.clear();
                f.combatants.clear();
            }),
        ];
        for (what, change) in changes {
            let whole = now.snapshot().unwrap();
            let before = now.before().unwrap();
            change(&mut now);
            let after = now.snapshot().unwrap();
            now.remember(before, what, Vec::new()).unwrap();
            let kept: Value = serde_json::from_str(now.undo.last().unwrap().patch.get()).unwrap();
            let expected = patch::diff(&whole, &after).unwrap_or_else(|| serde_json::json!({"~": {}}));
            assert_eq!(kept, expected, "{what}");
            let mut back = now.clone().undone(1).unwrap();
            assert_eq!(back.snapshot().unwrap(), whole, "{what}");
        }
    }

    #[test]
    fn undo_is_bounded_in_bytes_too() {
        let mut now = fight(1);
        for i in 0..UNDO_DEPTH {
            let before = now.before().unwrap();
            now.setup.combatants = vec!["x".repeat(2000 + i)];
            now.remember(before, "set", Vec::new()).unwrap();
        }
        let kept: usize = now.undo.iter().map(|s| serde_json::to_string(s).unwrap().len()).sum();
        assert!(kept <= UNDO_BYTES + 2100, "{kept} bytes kept");
        assert!(now.undo.len() < UNDO_DEPTH);
    }

    #[test]
    fn a_fight_file_round_trips_and_sweeping_spares_other_fights() {
        let dir = std::env::temp_dir().join(format!("fray-state-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = file(&dir, "a");
        save(&path, &fight(3), None).unwrap();
        assert_eq!(load(&path).unwrap().unwrap().round, 3);
        assert!(std::fs::read_dir(&dir).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().contains(".tmp")));
        // Fight `a.json`'s temporary file is not fight `a`'s to sweep.
        let other = dir.join(".a.json.json.tmp-0123abcd");
        let mine = dir.join(".a.json.tmp-0123abcd");
        std::fs::write(&other, "x").unwrap();
        std::fs::write(&mine, "x").unwrap();
        sweep(&dir, "a");
        assert!(other.exists() && !mine.exists());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
