//! Every example command fray ships runs, as written, in bash, zsh and fish: the README's code
//! blocks, the examples of every help page, and the EXAMPLES of every man page. A group written
//! `NAME*N` unquoted is a glob to zsh and fish, so these catch what bash lets pass. Spawned:
//! real shells run the binary (the help pages are read in-process).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::process::Command;

/// Example commands in the order they are first written (a fight's commands are told in the
/// order they run), each with where it was found.
#[derive(Debug, Default)]
struct Examples {
    order: Vec<(String, String)>,
    seen: HashMap<String, usize>,
}

impl Examples {
    /// Adds `command`, found at `source`, unless it was found before.
    fn add(&mut self, command: String, source: impl FnOnce() -> String) {
        if !self.seen.contains_key(&command) {
            self.seen.insert(command.clone(), self.order.len());
            self.order.push((command, source()));
        }
    }

    fn len(&self) -> usize {
        self.order.len()
    }

    fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    fn contains_key(&self, command: &str) -> bool {
        self.seen.contains_key(command)
    }

    fn keys(&self) -> impl Iterator<Item = &String> {
        self.order.iter().map(|(c, _)| c)
    }

    fn values(&self) -> impl Iterator<Item = &String> {
        self.order.iter().map(|(_, s)| s)
    }
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `command   what it does` as help and man pages write examples: the command alone.
fn command_of(line: &str) -> &str {
    let line = line.trim();
    match line.find("   ") {
        Some(i) => line[..i].trim_end(),
        None => line,
    }
}

/// Whether `line` is a command that runs fray (the word `fray` in it, not as part of a path).
fn runs_fray(line: &str) -> bool {
    line.split(|c: char| c.is_whitespace() || "()|<$;".contains(c)).any(|word| word == "fray")
}

/// Commands of the README's code blocks: `$ …` lines of console transcripts, and the lines of
/// shell blocks that run fray.
fn readme_examples(examples: &mut Examples) {
    for (n, lang, line) in readme_code_lines() {
        let command = match lang.as_str() {
            "console" => line.strip_prefix("$ "),
            "sh" | "bash" | "shell" => Some(line.trim()),
            _ => None,
        };
        if let Some(command) = command.filter(|c| runs_fray(c)) {
            examples.add(command.to_string(), || format!("README.md line {}", n + 1));
        }
    }
}

/// Each line inside the README's code blocks: its index, the block's language, the line.
fn readme_code_lines() -> Vec<(usize, String, String)> {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let mut block: Option<&str> = None;
    let mut lines = Vec::new();
    for (n, line) in readme.lines().enumerate() {
        if let Some(lang) = line.strip_prefix("```") {
            block = if block.is_some() { None } else { Some(lang.trim()) };
            continue;
        }
        if let Some(lang) = block {
            lines.push((n, lang.to_string(), line.to_string()));
        }
    }
    lines
}

/// The example lines of a help text: the indented lines after `Examples:`.
fn help_examples(what: &str, help: &str, examples: &mut Examples) {
    let mut inside = false;
    let mut folder = Folder::default();
    for line in help.lines() {
        if line.trim_end() == "Examples:" {
            inside = true;
            continue;
        }
        if inside && !line.starts_with("  ") {
            inside = false;
        }
        if inside && let Some(command) = folder.then(command_of(line)) {
            examples.add(command, || what.to_string());
        }
    }
}

/// An example line `mkdir -p DIR` makes the folder the next example writes into: the two run as
/// one command, as a reader types them one after the other.
#[derive(Default)]
struct Folder(Option<String>);

impl Folder {
    /// The command to run for the example `line`, if it runs fray.
    fn then(&mut self, line: &str) -> Option<String> {
        if line.starts_with("mkdir -p ") {
            self.0 = Some(line.to_string());
            return None;
        }
        let before = self.0.take();
        runs_fray(line).then(|| match before {
            Some(mkdir) => format!("{mkdir} && {line}"),
            None => line.to_string(),
        })
    }
}

/// A roff line as the reader sees it, for the escapes fray's pages use.
fn unroff(line: &str) -> String {
    line.replace("\\fB", "")
        .replace("\\fR", "")
        .replace("\\fI", "")
        .replace("\\fP", "")
        .replace("\\-", "-")
        .replace("\\(aq", "'")
        .replace("\\*(Aq", "'")
        .replace("\\(dq", "\"")
        .replace("\\&", "")
        .replace("\\e", "\\")
}

/// The commands in the EXAMPLES section of a man page: `.B command` items, or the lines of a
/// no-fill block (`.nf`/`.EX`).
fn man_examples(name: &str, page: &str, examples: &mut Examples) {
    let (mut inside, mut nofill) = (false, false);
    let mut folder = Folder::default();
    for line in page.lines() {
        if line.starts_with(".SH") {
            inside = line.trim() == ".SH EXAMPLES";
            continue;
        }
        match line.split_whitespace().next() {
            Some(".nf" | ".EX") => nofill = true,
            Some(".fi" | ".EE") => nofill = false,
            _ => {}
        }
        if !inside {
            continue;
        }
        let text = match line.strip_prefix(".B ") {
            Some(rest) => rest,
            None if nofill && !line.starts_with('.') => line,
            None => continue,
        };
        let text = unroff(text);
        if let Some(command) = folder.then(command_of(&text)) {
            examples.add(command, || format!("man/{name}"));
        }
    }
}

/// Every example command fray ships, each with where it was first found.
fn every_example() -> Examples {
    let mut examples = Examples::default();
    readme_examples(&mut examples);
    let mut helps = vec![("fray --help".to_string(), vec!["--help".to_string()])];
    for sub in fray::cli::command().get_subcommands() {
        let name = sub.get_name().to_string();
        if name != "help" {
            helps.push((format!("fray {name} --help"), vec![name.clone(), "--help".to_string()]));
            for rules in fray::rulesets::RULESETS {
                let args = vec!["-r".to_string(), rules.id.to_string(), name.clone(), "--help".to_string()];
                helps.push((format!("fray -r {} {name} --help", rules.id), args));
            }
        }
    }
    for (what, args) in helps {
        let out = crate::common::Fray::new().args(&args).run();
        // A ruleset without the command may refuse its help: nothing to collect then.
        if out.success() {
            help_examples(&what, &out.text(), &mut examples);
        }
    }
    for entry in std::fs::read_dir(root().join("man")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        man_examples(&name, &std::fs::read_to_string(&path).unwrap(), &mut examples);
    }
    examples
}

/// A fresh, empty home for the examples in `shell`: an install example makes its own folder.
fn sandbox(shell: &str) -> PathBuf {
    let home = std::env::temp_dir().join(format!("fray-examples-{shell}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    home
}

/// The shell that a start-up line (`source <(COMPLETE=zsh fray)`) is written for, if any.
fn startup_shell(command: &str) -> Option<&'static str> {
    ["bash", "zsh", "fish"].into_iter().find(|shell| command.contains(&format!("COMPLETE={shell} ")))
}

/// Runs `command` in `shell` from `home`, with the fray under test first on PATH.
fn run_in(shell: &str, command: &str, home: &Path) -> Result<(), String> {
    let bin = Path::new(env!("CARGO_BIN_EXE_fray")).parent().unwrap().to_path_buf();
    let path =
        std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap())))
            .unwrap();
    let mut cmd = Command::new(shell);
    match shell {
        "bash" => cmd.args(["--norc", "--noprofile", "-c", command]),
        // The start-up line is written for after compinit, as its comment says.
        "zsh" if startup_shell(command).is_some() => {
            cmd.args(["-f", "-c", &format!("autoload -Uz compinit && compinit -u -D\n{command}")])
        }
        "zsh" => cmd.args(["-f", "-c", command]),
        _ => cmd.args(["--no-config", "-c", command]),
    };
    let out = cmd
        .current_dir(home)
        .env("HOME", home)
        .env("PATH", path)
        .env("XDG_CONFIG_HOME", home.join(".config"))
        .env("XDG_STATE_HOME", home.join(".local/state"))
        .env_remove("FRAY_RULES")
        .env_remove("FRAY_FORMAT")
        .env_remove("FRAY_CONFIG_PATH")
        .env_remove("COMPLETE")
        .env_remove("COLUMNS")
        .output()
        .map_err(|e| format!("cannot run {shell}: {e}"))?;
    let stderr = String::from_utf8_lossy(&out.stderr);
    if out.status.success() && stderr.trim().is_empty() {
        Ok(())
    } else {
        Err(format!("exit {:?}: {}", out.status.code(), stderr.trim()))
    }
}

fn run_everywhere(shell: &str) {
    let examples = every_example();
    assert!(examples.len() >= 40, "only {} examples found: {examples:?}", examples.len());
    let home = sandbox(shell);
    let mut failures = Vec::new();
    for (command, source) in &examples.order {
        if startup_shell(command).is_some_and(|s| s != shell) {
            continue;
        }
        if let Err(why) = run_in(shell, command, &home) {
            failures.push(format!("{source}: {command}\n    {why}"));
        }
    }
    let _ = std::fs::remove_dir_all(&home);
    assert!(
        failures.is_empty(),
        "{} of {} examples fail in {shell}:\n{}",
        failures.len(),
        examples.len(),
        failures.join("\n")
    );
}

#[test]
fn the_examples_are_found_in_every_place_they_are_written() {
    let examples = every_example();
    let sources: Vec<&String> = examples.values().collect();
    for place in ["README.md", "fray --help", "fray surprise --help", "fray encounter --help"] {
        assert!(sources.iter().any(|s| s.starts_with(place)), "no example found in {place}");
    }
    // Every man page's examples are also help examples or the README's, found there first;
    // each ruleset's page has its own.
    let page = std::fs::read_to_string(root().join("man/fray-gurps.7")).unwrap();
    let mut from_page = Examples::default();
    man_examples("fray-gurps.7", &page, &mut from_page);
    assert!(from_page.keys().all(|c| c.starts_with("fray ") && examples.contains_key(c)), "{from_page:?}");
    assert!(!from_page.is_empty());
}

#[test]
#[cfg_attr(missing_bash, ignore = "needs bash, not installed when the tests were built")]
fn every_example_runs_in_bash() {
    run_everywhere("bash");
}

#[test]
#[cfg_attr(missing_zsh, ignore = "needs zsh, not installed when the tests were built")]
fn every_example_runs_in_zsh() {
    run_everywhere("zsh");
}

#[test]
#[cfg_attr(missing_fish, ignore = "needs fish, not installed when the tests were built")]
fn every_example_runs_in_fish() {
    run_everywhere("fish");
}

/// The README's install line for the man pages, run as written, leaves every page where `man`
/// finds it with only `~/.cargo/bin` (where `cargo install` puts fray) and the system on PATH.
#[test]
#[cfg_attr(any(missing_man, missing_bash), ignore = "needs man and bash, not both installed when the tests were built")]
fn man_finds_every_page_after_the_readme_install_steps() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let row = readme.lines().find(|l| l.starts_with("| man |")).expect("the README's man row");
    let install = row.split('`').nth(1).expect("the install command in backticks");
    let home = std::env::temp_dir().join(format!("fray-man-home-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(home.join(".cargo/bin")).unwrap();
    let path = format!("{}:/usr/local/bin:/usr/bin:/bin", home.join(".cargo/bin").display());
    let run = |program: &str| {
        Command::new("bash")
            .args(["--norc", "--noprofile", "-c", program])
            .current_dir(root())
            .env_clear()
            .env("HOME", &home)
            .env("PATH", &path)
            .output()
            .unwrap()
    };
    let out = run(install);
    assert!(out.status.success(), "{install}: {}", String::from_utf8_lossy(&out.stderr));
    for entry in std::fs::read_dir(root().join("man")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().to_string();
        let (page, section) = name.rsplit_once('.').unwrap();
        let out = run(&format!("man -w {section} {page}"));
        let found = String::from_utf8_lossy(&out.stdout).trim().to_string();
        assert!(out.status.success(), "man -w {section} {page}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(found.starts_with(home.to_str().unwrap()), "man -w {section} {page} found {found}");
    }
    let _ = std::fs::remove_dir_all(&home);
}

/// A word that starts with `#` in a line to paste: interactive zsh, without
/// `interactive_comments`, passes it and every word after it to the command.
#[test]
fn no_readme_command_carries_a_comment() {
    let mut found = Vec::new();
    for (n, lang, line) in readme_code_lines() {
        let command = match lang.as_str() {
            "console" => line.strip_prefix("$ "),
            "sh" | "bash" | "shell" | "zsh" | "fish" => Some(line.as_str()),
            _ => None,
        };
        if command.is_some_and(|c| c.split_whitespace().any(|word| word.starts_with('#'))) {
            found.push(format!("README.md line {}: {line}", n + 1));
        }
    }
    assert!(found.is_empty(), "commands with a # word:\n{}", found.join("\n"));
}

/// The README's install lines for the completion scripts, run as written from the repository in
/// an empty home, make their folder and leave the script in it; the bash row names the package
/// that reads the folder.
#[test]
#[cfg_attr(missing_bash, ignore = "needs bash, not installed when the tests were built")]
fn the_readme_completion_installs_make_their_folders() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let home = std::env::temp_dir().join(format!("fray-install-home-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&home);
    std::fs::create_dir_all(&home).unwrap();
    let rows = [
        ("bash", ".local/share/bash-completion/completions/fray"),
        ("zsh", ".zfunc/_fray"),
        ("fish", ".config/fish/completions/fray.fish"),
        ("elvish", ".config/elvish/lib/fray.elv"),
    ];
    for (shell, file) in rows {
        let row = readme
            .lines()
            .find(|l| l.starts_with(&format!("| {shell} | `cp ")) || l.starts_with(&format!("| {shell} | `mkdir")));
        let row = row.unwrap_or_else(|| panic!("the README's {shell} install row"));
        let install = row.split('`').nth(1).expect("the install command in backticks");
        let out = Command::new("bash")
            .args(["--norc", "--noprofile", "-c", install])
            .current_dir(root())
            .env("HOME", &home)
            .output()
            .unwrap();
        assert!(out.status.success(), "{install}: {}", String::from_utf8_lossy(&out.stderr));
        assert!(home.join(file).is_file(), "{install} left no {file}");
        if shell == "bash" {
            assert!(row.contains("bash-completion package"), "{row}");
        }
    }
    let _ = std::fs::remove_dir_all(&home);
}

#[test]
fn completions_help_makes_each_folder_and_names_the_bash_package() {
    let help = crate::common::Fray::new().args(["completions", "--help"]).run().text();
    let words = help.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(words.contains("bash-completion package") && words.contains("apt install bash-completion"), "{help}");
    let lines: Vec<&str> = help.lines().map(str::trim).collect();
    for (dir, install) in [
        ("~/.local/share/bash-completion/completions", "fray completions bash > "),
        ("~/.zfunc", "fray completions zsh > "),
        ("~/.config/fish/completions", "fray completions fish > "),
    ] {
        let at = lines.iter().position(|l| l.starts_with(install)).unwrap_or_else(|| panic!("{install} in {help}"));
        assert_eq!(lines[at - 1], format!("mkdir -p {dir}"), "{help}");
        assert!(lines[at].contains(dir), "{}", lines[at]);
    }
}
