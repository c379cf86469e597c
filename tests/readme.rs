//! The README's examples are what fray prints: every `$ fray …` in a console block that shows
//! output is run and compared.

use crate::common::*;

/// Splits a command line the way a POSIX shell would for these examples (single quotes only).
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    let mut started = false;
    for c in line.chars() {
        match c {
            '\'' => {
                quoted = !quoted;
                started = true;
            }
            ' ' if !quoted => {
                if started {
                    words.push(std::mem::take(&mut word));
                    started = false;
                }
            }
            _ => {
                word.push(c);
                started = true;
            }
        }
    }
    if started {
        words.push(word);
    }
    words
}

#[test]
fn console_examples_print_what_the_readme_shows() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let mut checked = 0;
    let mut in_console = false;
    let mut current: Option<(String, String)> = None;
    let mut examples = Vec::new();
    for line in readme.lines() {
        if line.starts_with("```console") {
            in_console = true;
            continue;
        }
        if !in_console {
            continue;
        }
        if line.starts_with("```") || line.starts_with("$ ") {
            examples.extend(current.take());
            if line.starts_with("```") {
                in_console = false;
                continue;
            }
            current = Some((line[2..].to_string(), String::new()));
        } else if let Some((_, output)) = &mut current {
            output.push_str(line);
            output.push('\n');
        }
    }
    // The fights the examples keep, one after another as the README tells them.
    let state = std::env::temp_dir().join(format!("fray-readme-state-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&state);
    for (command, mut expected) in examples {
        // A blank line separates two examples in one block.
        while expected.ends_with("\n\n") {
            expected.pop();
        }
        // Pipelines and captures show how to use the output; there is nothing printed to compare.
        if expected.is_empty() || command.contains('|') || command.contains("$(") {
            continue;
        }
        let args = words(&command);
        assert_eq!(args[0], "fray", "{command}");
        let out = fray().env("XDG_STATE_HOME", &state).args(&args[1..]).run();
        assert!(out.success(), "README example: {command}: {}", out.stderr);
        assert_eq!(out.text(), expected, "README example: {command}");
        checked += 1;
    }
    let _ = std::fs::remove_dir_all(&state);
    assert!(checked >= 10, "only {checked} README examples were checked");
}

fn readme() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap()
}

/// The README's section that starts with the line `heading` (up to the next heading of its
/// level or above), searched from `from`.
fn section(readme: &str, from: usize, heading: impl Fn(&str) -> bool) -> &str {
    let mut start = None;
    let mut offset = from;
    for line in readme[from..].split_inclusive('\n') {
        if let Some(start) = start.filter(|_| line.starts_with("### ") || line.starts_with("## ")) {
            return &readme[start..offset];
        }
        if start.is_none() && heading(line.trim_end()) {
            start = Some(offset);
        }
        offset += line.len();
    }
    &readme[start.expect("the section is in the README")..]
}

/// The names of a ruleset's side and combatant keys, as the registry keeps them.
fn key_names(rules: &fray::rulesets::Ruleset) -> Vec<&'static str> {
    rules.keys.side.keys.iter().chain(rules.keys.combatant.keys).map(|k| k.name).collect()
}

/// Each ruleset's manual page is sliced from its README sections: the section under Rulesets
/// (titled with its registry title, naming every key) with its table of commands, and the one
/// under Output for scripts with the fields of each of its commands and its encounter's `-q`.
#[test]
fn each_ruleset_manual_page_comes_from_its_readme_sections() {
    let readme = readme();
    let rulesets = readme.find("\n## Rulesets").unwrap();
    let output = readme.find("\n## Output for scripts").unwrap();
    let pages = fray::packaging::man_pages().unwrap();
    for rules in fray::rulesets::RULESETS {
        let tag = format!("### `{}`", rules.id);
        let text = section(&readme, rulesets, |l| l.starts_with(&tag) && l.ends_with(&format!(" — {}", rules.title)));
        for key in key_names(rules) {
            let named = [format!("`{key}`"), format!("`{key}=")];
            assert!(named.iter().any(|n| text.contains(n.as_str())), "README section {tag} does not name key {key}");
        }
        let page = &pages.iter().find(|(n, _)| *n == format!("fray-{}.7", rules.id)).unwrap().1;
        let page = String::from_utf8(page.clone()).unwrap();
        let rows: Vec<&str> = text.lines().filter(|l| l.starts_with("| `")).collect();
        assert!(!rows.is_empty(), "README section {tag} has no table of commands");
        for row in rows {
            // The rule's first words, as roff writes them.
            let rule = row.split(" | ").nth(1).unwrap();
            let words: String = rule.split(' ').take(3).collect::<Vec<_>>().join(" ");
            let roff = words.replace('-', "\\-").replace('`', "");
            let page_text = page.replace("\\fB", "").replace("\\fR", "").replace("\\*(Aq", "'");
            assert!(page_text.contains(&roff), "fray-{}.7 lacks the rule {words:?}", rules.id);
        }
        let fields = flat(section(&readme, output, |l| l == tag));
        assert!(fields.contains("- `surprise`: "), "README output section {tag} lacks its surprise fields");
        assert!(fields.contains("- `encounter -q`: "), "README output section {tag} lacks its -q line");
        assert!(page.contains("\\fBencounter \\-q\\fR"), "fray-{}.7 lacks its -q line", rules.id);
    }
}

/// The `-q` format in `fray(1)` is the README's.
#[test]
fn the_quiet_format_of_the_manual_page_is_the_readme_s() {
    let page = fray::packaging::man_pages().unwrap().into_iter().find(|(n, _)| n == "fray.1").unwrap().1;
    let page = String::from_utf8(page).unwrap();
    let quiet = page.split(".SH \"OUTPUT FOR SCRIPTS\"").nth(1).expect("fray.1 has OUTPUT FOR SCRIPTS");
    for command in ["surprise", "distance", "initiative", "reaction", "pursue", "encounter"] {
        assert!(quiet.contains(&format!(".TP\n\\fB{command}\\fR\n")), "fray.1 lacks the -q line of {command}");
    }
    assert!(quiet.contains("prints one line per run"), "{quiet}");
}
