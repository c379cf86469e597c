//! What TAB offers after `fray track`: the fights kept after `--fight`, the combatants of the
//! fight named (seats, groups and members) after the commands that take them, and the effects
//! already in the fight after `effect`, read from its file. The shell's completion and the
//! `:` line of `play` both read a line into words here.

use super::state;
use clap_complete::engine::{ArgValueCompleter, CompletionCandidate};
use std::ffi::{OsStr, OsString};

/// `track` with its completers. `words` are the words typed (the program's name first);
/// `var` reads FRAY_FIGHT, XDG_STATE_HOME and HOME.
pub fn completers(track: clap::Command, words: &[OsString], var: impl Fn(&str) -> Option<String>) -> clap::Command {
    let words: Vec<&str> = words.iter().map(|w| w.to_str().unwrap_or("")).collect();
    let typed = words.iter().enumerate().find_map(|(i, w)| match w.strip_prefix("--fight=") {
        Some(name) => Some(name.to_string()),
        None if *w == "--fight" && i + 2 < words.len() => Some(words[i + 1].to_string()),
        None => None,
    });
    let fight = typed.or_else(|| var("FRAY_FIGHT").filter(|f| !f.is_empty())).unwrap_or(super::DEFAULT_FIGHT.into());
    let dir = state::directory(var("XDG_STATE_HOME").as_deref(), var("HOME").as_deref()).ok();
    let fights = dir.as_deref().map(state::names).unwrap_or_default();
    let kept = dir
        .filter(|_| state::check_name(&fight).is_ok())
        .and_then(|dir| state::load(&state::file(&dir, &fight)).ok().flatten());
    let (names, effects) = kept.as_ref().map(names_and_effects).unwrap_or_default();
    let with_fight = |arg: clap::Arg, fights: &Vec<String>| {
        let fights = fights.clone();
        arg.add(ArgValueCompleter::new(move |now: &OsStr| candidates(now, &fights, &[""], "a fight kept")))
    };
    let track = track.mut_args(|arg| if arg.get_id() == "fight" { with_fight(arg, &fights) } else { arg });
    track.mut_subcommands(|sub| {
        let action = sub.get_name().to_string();
        let (names, fights, effects) = (names.clone(), fights.clone(), effects.clone());
        sub.mut_args(move |arg| {
            let names = names.clone();
            let joiners: &'static [&'static str] = match (action.as_str(), arg.get_id().as_str()) {
                (_, "fight") => return with_fight(arg, &fights),
                ("effect", "words") => {
                    let (names, effects) = (names.clone(), effects.clone());
                    return arg.add(ArgValueCompleter::new(move |now: &OsStr| {
                        let mut all = candidates(now, &names, &[""], "a combatant in the fight");
                        all.extend(candidates(now, &effects, &[""], "an effect in the fight"));
                        all
                    }));
                }
                ("remove" | "split" | "hide" | "reveal", "names")
                | ("set", "name")
                | ("note", "target")
                | ("effect", "of")
                | ("damage" | "heal" | "temp", "words") => &[""],
                ("delay", "spec") => &["", ":after="],
                ("ready", "spec") => &[":before="],
                ("hold", "spec") => &["", ":before=", ":after="],
                _ => return arg,
            };
            arg.add(ArgValueCompleter::new(move |now: &OsStr| anchored(now, &names, joiners)))
        })
    })
}

/// The names a fight answers to (seats, groups and members, each once) and the effects in it.
pub fn names_and_effects(f: &state::Fight) -> (Vec<String>, Vec<String>) {
    let mut names: Vec<String> = Vec::new();
    let mut effects: Vec<String> = Vec::new();
    let seats =
        f.order.iter().filter(|s| !s.lair).flat_map(|s| std::iter::once(s.name.clone()).chain(s.members.clone()));
    let groups = f.combatants.iter().filter_map(|c| c.group.clone());
    for name in seats.chain(groups).chain(f.combatants.iter().map(|c| c.name.clone())) {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    for effect in f.combatants.iter().flat_map(|c| c.effects.iter().map(|e| e.name.clone())) {
        if !effects.contains(&effect) {
            effects.push(effect);
        }
    }
    (names, effects)
}

/// The words of `all` that go on from `now`, each followed by each of `joiners`.
fn candidates(now: &OsStr, all: &[String], joiners: &[&str], help: &'static str) -> Vec<CompletionCandidate> {
    let now = now.to_str().unwrap_or("");
    all.iter()
        .flat_map(|name| joiners.iter().map(move |j| format!("{name}{j}")))
        .filter(|word| word.starts_with(now))
        .map(|word| CompletionCandidate::new(word).help(Some(help.into())))
        .collect()
}

/// `NAME`, `NAME:after=` and, once that is written, `NAME:after=OTHER`.
fn anchored(now: &OsStr, names: &[String], joiners: &[&str]) -> Vec<CompletionCandidate> {
    let text = now.to_str().unwrap_or("");
    for name in names {
        for joiner in joiners.iter().filter(|j| !j.is_empty()) {
            let first = format!("{name}{joiner}");
            if let Some(rest) = text.strip_prefix(&first) {
                let others: Vec<String> =
                    names.iter().filter(|o| *o != name && o.starts_with(rest)).map(|o| format!("{first}{o}")).collect();
                return candidates(OsStr::new(text), &others, &[""], "a combatant in the fight");
            }
        }
    }
    candidates(now, names, joiners, "a combatant in the fight")
}

/// The words of a shell command line with quotes and backslashes taken away; the last is the
/// word at the cursor (empty after a space).
pub fn shell_words(line: &str) -> Vec<String> {
    shell_words_at(line).0
}

/// [`shell_words`], and where in `line` the last word begins (its opening quote included).
pub fn shell_words_at(line: &str) -> (Vec<String>, usize) {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut started = false;
    let mut last = 0;
    let mut quote: Option<char> = None;
    let mut chars = line.char_indices();
    while let Some((at, c)) = chars.next() {
        if quote.is_none() && !started && !c.is_whitespace() {
            last = at;
        }
        match (quote, c) {
            (Some(q), c) if c == q => quote = None,
            (Some('"'), '\\') => match chars.next().map(|(_, c)| c) {
                Some(next @ ('"' | '\\' | '$' | '`')) => word.push(next),
                Some(next) => {
                    word.push('\\');
                    word.push(next);
                }
                None => word.push('\\'),
            },
            (Some(_), c) => word.push(c),
            (None, '\'' | '"') => {
                quote = Some(c);
                started = true;
            }
            (None, '\\') => {
                word.extend(chars.next().map(|(_, c)| c));
                started = true;
            }
            (None, c) if c.is_whitespace() => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
                last = at + c.len_utf8();
            }
            (None, c) => {
                word.push(c);
                started = true;
            }
        }
    }
    words.push(word);
    (words, last)
}

/// `text` quoted for a POSIX shell when it needs to be.
pub fn shell_quote(text: &str) -> String {
    if !text.is_empty() && text.chars().all(|c| c.is_ascii_alphanumeric() || "/._-+,:@%=".contains(c)) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shell_words_lose_their_quotes_and_end_with_the_word_at_the_cursor() {
        assert_eq!(shell_words("fray surprise "), ["fray", "surprise", ""]);
        assert_eq!(shell_words("fray 'Big Bob:c"), ["fray", "Big Bob:c"]);
        assert_eq!(shell_words(r#"fray "a\"b" c\ d"#), ["fray", "a\"b", "c d"]);
        assert_eq!(shell_words(""), [""]);
    }

    #[test]
    fn the_last_word_starts_where_its_quote_does() {
        assert_eq!(shell_words_at("damage 'Orc"), (vec!["damage".to_string(), "Orc".to_string()], 7));
        assert_eq!(shell_words_at("damage "), (vec!["damage".to_string(), String::new()], 7));
        assert_eq!(shell_words_at("a\\ b"), (vec!["a b".to_string()], 0));
        assert_eq!(shell_words_at("x  'Orc 1' 5").1, 11);
        assert_eq!(shell_words_at("").1, 0);
    }

    #[test]
    fn a_word_is_quoted_only_when_a_shell_would_split_or_expand_it() {
        assert_eq!(shell_quote("Orc"), "Orc");
        assert_eq!(shell_quote("Mitch:after=Larry"), "Mitch:after=Larry");
        assert_eq!(shell_quote("Orc 1"), "'Orc 1'");
        assert_eq!(shell_quote("Ka'la"), r"'Ka'\''la'");
        assert_eq!(shell_words(&shell_quote("Ka'la")), ["Ka'la"]);
    }
}
