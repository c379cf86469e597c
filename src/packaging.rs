//! Shell completions and man pages, generated from the clap definition alone.

use crate::cli;
use clap_complete::Shell;
use std::io::{self, Write};

/// Every shell fray ships a completion script for, with the script's file name.
pub const SHELLS: [(Shell, &str); 5] = [
    (Shell::Bash, "fray.bash"),
    (Shell::Zsh, "_fray"),
    (Shell::Fish, "fray.fish"),
    (Shell::Elvish, "fray.elv"),
    (Shell::PowerShell, "_fray.ps1"),
];

/// The completion script for `shell`.
pub fn completion(shell: Shell) -> Vec<u8> {
    let mut cmd = crate::cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "fray", &mut out);
    if shell == Shell::Fish {
        return fish_values_after_global_options(out);
    }
    out
}

/// The generated fish script finds the subcommand with `argparse`, which fails while a global
/// option still awaits its value (`fray --rules <TAB>`), so no value was offered. Retrying
/// without the last word lets fish offer the option's values.
fn fish_values_after_global_options(script: Vec<u8>) -> Vec<u8> {
    let text = String::from_utf8_lossy(&script);
    let retry = "    or begin\n        set -e cmd[-1]\n        argparse -s (__fish_fray_global_optspecs) -- $cmd 2>/dev/null\n        or return\n    end\n";
    text.replacen("    or return\n", retry, 1).into_bytes()
}

const ENVIRONMENT: [(&str, &str); 4] = [
    ("FRAY_RULES", "The ruleset used when --rules is not given."),
    ("FRAY_FORMAT", "The output format used when --format is not given."),
    ("NO_COLOR", "When set and not empty, --color auto does not colour."),
    ("CLICOLOR_FORCE", "When set and not 0, --color auto colours even when standard output is not a terminal."),
];

const EXIT_STATUS: [(&str, &str); 3] = [
    ("0", "Success."),
    ("1", "Unreadable or malformed data, such as a roster file that cannot be read or parsed."),
    ("2", "Usage error: an unknown flag, a bad value, or a procedure the ruleset does not have."),
];

/// `fray.1` and one page per visible command (`fray-surprise.1`…), as (file, bytes).
pub fn man_pages() -> io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = crate::cli::command();
    cmd.build();
    let mut pages = vec![("fray.1".to_string(), page(&cmd, cli::EXAMPLES)?)];
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set() && s.get_name() != "help") {
        let name = format!("fray-{}", sub.get_name());
        let examples = sub.get_after_help().map(|h| h.to_string()).unwrap_or_default();
        pages.push((format!("{name}.1"), page(&sub.clone().name(name), &examples)?));
    }
    Ok(pages)
}

/// One page: clap's sections, then examples, environment and exit status written here.
fn page(cmd: &clap::Command, examples: &str) -> io::Result<Vec<u8>> {
    let man =
        clap_mangen::Man::new(cmd.clone()).manual("fray manual").source(format!("fray {}", env!("CARGO_PKG_VERSION")));
    let mut out = Vec::new();
    man.render_title(&mut out)?;
    man.render_name_section(&mut out)?;
    man.render_synopsis_section(&mut out)?;
    man.render_description_section(&mut out)?;
    if cmd.get_arguments().any(|a| !a.is_hide_set()) {
        man.render_options_section(&mut out)?;
    }
    if cmd.get_subcommands().any(|s| !s.is_hide_set() && s.get_name() != "help") {
        man.render_subcommands_section(&mut out)?;
    }
    let examples: Vec<&str> = examples.lines().filter(|l| l.starts_with("  ")).collect();
    if !examples.is_empty() {
        writeln!(out, ".SH EXAMPLES")?;
        for line in examples {
            let line = line.trim();
            let (command, comment) = match line.find("   ") {
                Some(i) => (line[..i].trim_end(), line[i..].trim()),
                None => (line, ""),
            };
            writeln!(out, ".TP\n.B {}", escape(command))?;
            writeln!(out, "{}", if comment.is_empty() { "\\&".to_string() } else { escape(comment) })?;
        }
    }
    writeln!(out, ".SH ENVIRONMENT")?;
    for (name, meaning) in ENVIRONMENT {
        writeln!(out, ".TP\n.B {name}\n{}", escape(meaning))?;
    }
    writeln!(out, ".SH \"EXIT STATUS\"")?;
    for (code, meaning) in EXIT_STATUS {
        writeln!(out, ".TP\n.B {code}\n{}", escape(meaning))?;
    }
    writeln!(out, ".SH \"SEE ALSO\"")?;
    writeln!(
        out,
        "{}",
        escape(
            "fray(1), fray-surprise(1), fray-distance(1), fray-initiative(1), fray-reaction(1), fray-pursue(1), fray-encounter(1), fray-completions(1)"
        )
    )?;
    writeln!(out, ".SH VERSION\nv{}", env!("CARGO_PKG_VERSION"))?;
    Ok(out)
}

/// Text safe for a roff line: backslashes and hyphens escaped, no leading control character.
fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 8);
    if text.starts_with(['.', '\'']) {
        out.push_str("\\&");
    }
    for c in text.chars() {
        match c {
            '\\' => out.push_str("\\e"),
            '-' => out.push_str("\\-"),
            _ => out.push(c),
        }
    }
    out
}
