//! A fight as it is kept between commands: one readable JSON file per fight in the state
//! directory, with a format name and version, written whole to a temporary file beside it and
//! renamed into place, so a reader sees the fight before or after a command, never between.
//! A file that is not JSON, not fray's or from a newer fray is refused and left as it is.

use super::rounds::Recovery;
use crate::error::{Error, Result, io_reason};
use serde::{Deserialize, Serialize};
use serde_json::{Number, Value};
use std::io::Write;
use std::ops::Not;
use std::path::{Path, PathBuf};

/// What every fight file says it is.
pub const FORMAT: &str = "fray-track";
/// The format version this fray writes and reads (and every older one).
pub const VERSION: u64 = 1;
/// Commands `undo` can take back.
pub const UNDO_DEPTH: usize = 50;
/// The last round a fight may reach.
pub const MAX_ROUND: u32 = 1_000_000;
/// A fight file larger than this is not one fray wrote.
const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

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
    pub setup: Setup,
    pub order: Vec<Seat>,
    /// The fight before each of the last commands, the latest last (for `undo`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub history: Vec<Fight>,
}

/// What the fight was started with, to roll initiative anew and to place late arrivals.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct Setup {
    #[serde(default)]
    pub sides: Vec<String>,
    #[serde(default)]
    pub combatants: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roster: Option<SavedRoster>,
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
    /// Combatants and sides taken out of the fight.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub removed: Vec<String>,
}

/// A roster file's text as it was when the fight started.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SavedRoster {
    pub name: String,
    pub text: String,
}

/// One place in the acting order: a combatant, a group, a side (where sides take the turns) or
/// the lair.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Seat {
    pub name: String,
    /// The initiative it acts on (null: not rolled, such as a side surprised in round 1).
    pub total: Option<Number>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<String>,
    /// Who acts in this place: a side's combatants, a group's members.
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
#[derive(Clone, Debug, Serialize, Deserialize)]
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
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Hold {
    /// The round it may act at any moment of.
    pub round: u32,
    /// Where it is placed in that round: `before` or `after` another (default: first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub place: Option<(String, String)>,
}

impl Fight {
    /// The seat whose turn it is.
    pub fn current(&self) -> Option<&Seat> {
        self.order.get(self.turn)
    }

    /// Keeps this fight as the one `undo` goes back to.
    pub fn remember(&mut self, before: &Fight) {
        let mut kept = before.clone();
        self.history = std::mem::take(&mut kept.history);
        self.history.push(kept);
        let extra = self.history.len().saturating_sub(UNDO_DEPTH);
        self.history.drain(..extra);
    }
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

fn refused(path: &Path, why: impl std::fmt::Display) -> Error {
    Error::data(format!("the fight file {} {why}; it is left as it is", path.display()))
        .hint("move it away or delete it to start that fight anew, or name another with --fight")
}

/// Reads the fight at `path`; `None` when there is none.
pub fn load(path: &Path) -> Result<Option<Fight>> {
    let bytes = match std::fs::File::open(path) {
        Ok(file) => {
            let mut bytes = Vec::new();
            std::io::Read::read_to_end(&mut std::io::Read::take(file, MAX_FILE_BYTES + 1), &mut bytes)
                .map_err(|e| refused(path, format!("cannot be read ({})", io_reason(&e))))?;
            bytes
        }
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(refused(path, format!("cannot be read ({})", io_reason(&e)))),
    };
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(refused(path, format!("is larger than {} MiB, so not a fight fray wrote", MAX_FILE_BYTES >> 20)));
    }
    let value: Value = serde_json::from_slice(&bytes).map_err(|e| {
        refused(path, format!("is not valid JSON (line {}, column {}: {})", e.line(), e.column(), json_reason(&e)))
    })?;
    if value.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(refused(path, format!("is not a fray fight (it has no \"format\": \"{FORMAT}\")")));
    }
    match value.get("version").and_then(Value::as_u64) {
        Some(v) if v > VERSION => {
            return Err(refused(
                path,
                format!("is from a newer fray (format version {v}; this fray reads versions up to {VERSION})"),
            ));
        }
        Some(v) if v >= 1 => {}
        _ => return Err(refused(path, "is damaged: its \"version\" is not a format version")),
    }
    let fight: Fight =
        serde_json::from_value(value).map_err(|e| refused(path, format!("is damaged: {}", json_reason(&e))))?;
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
    fight.history.iter().try_for_each(check)
}

/// Writes `fight` to `path`: whole into a temporary file in the same folder, flushed to disk,
/// then renamed over the old one. `pause` holds the process between the two (for the test
/// that kills it there).
pub fn save(path: &Path, fight: &Fight, pause: Option<std::time::Duration>) -> Result<()> {
    let dir = path.parent().unwrap_or(Path::new("."));
    let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
    let temp = dir.join(format!(".{name}.{}.tmp", std::process::id()));
    let cannot = |what: &str, e: std::io::Error| {
        Error::data(format!("cannot {what} {}: {}", temp.display(), io_reason(&e)))
            .hint("check that the state folder is writable")
    };
    let mut bytes =
        serde_json::to_vec_pretty(fight).map_err(|e| Error::data(format!("cannot write the fight: {e}")))?;
    bytes.push(b'\n');
    let mut file = std::fs::File::create(&temp).map_err(|e| cannot("create", e))?;
    file.write_all(&bytes).and_then(|()| file.sync_all()).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        cannot("write", e)
    })?;
    drop(file);
    if let Some(pause) = pause {
        std::thread::sleep(pause);
    }
    std::fs::rename(&temp, path).map_err(|e| {
        let _ = std::fs::remove_file(&temp);
        Error::data(format!("cannot replace {}: {}", path.display(), io_reason(&e)))
    })?;
    // The rename itself reaches the disk with the folder.
    if let Ok(folder) = std::fs::File::open(dir) {
        let _ = folder.sync_all();
    }
    Ok(())
}

/// Temporary files a killed writer of fight file `name` left behind (called under the lock).
pub fn sweep(dir: &Path, name: &str) {
    let prefix = format!(".{name}.json.");
    if let Ok(entries) = std::fs::read_dir(dir) {
        for entry in entries.flatten() {
            let file = entry.file_name().to_string_lossy().into_owned();
            if file.starts_with(&prefix) && file.ends_with(".tmp") {
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

    fn fight(round: u32) -> Fight {
        Fight {
            format: FORMAT.into(),
            version: VERSION,
            fight: "default".into(),
            rules: "ose".into(),
            round,
            turn: 0,
            setup: Setup::default(),
            order: Vec::new(),
            history: Vec::new(),
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
    fn undo_keeps_the_last_fights_only() {
        let mut now = fight(1);
        for round in 2..=(UNDO_DEPTH as u32 + 10) {
            let before = now.clone();
            now.round = round;
            now.remember(&before);
        }
        assert_eq!(now.history.len(), UNDO_DEPTH);
        assert_eq!(now.history.last().unwrap().round, UNDO_DEPTH as u32 + 9);
        assert!(now.history.iter().all(|f| f.history.is_empty()), "each kept fight holds no history of its own");
    }

    #[test]
    fn a_fight_file_round_trips() {
        let dir = std::env::temp_dir().join(format!("fray-state-unit-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = file(&dir, "default");
        save(&path, &fight(3), None).unwrap();
        assert_eq!(load(&path).unwrap().unwrap().round, 3);
        assert!(std::fs::read_dir(&dir).unwrap().all(|e| !e.unwrap().file_name().to_string_lossy().ends_with(".tmp")));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
