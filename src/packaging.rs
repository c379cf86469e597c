//! Shell completions and man pages, generated from the clap definition alone.

use crate::cli::Cli;
use clap::CommandFactory;
use clap_complete::Shell;

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
    let mut cmd = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut cmd, "fray", &mut out);
    out
}

/// `fray.1` and one page per visible subcommand (`fray-surprise.1`…), as (file, bytes).
pub fn man_pages() -> std::io::Result<Vec<(String, Vec<u8>)>> {
    let mut cmd = Cli::command();
    cmd.build();
    let mut pages = Vec::new();
    let mut root = Vec::new();
    clap_mangen::Man::new(cmd.clone()).render(&mut root)?;
    pages.push(("fray.1".to_string(), root));
    for sub in cmd.get_subcommands().filter(|s| !s.is_hide_set()) {
        let name = format!("fray-{}", sub.get_name());
        let mut page = Vec::new();
        clap_mangen::Man::new(sub.clone().name(name.clone())).render(&mut page)?;
        pages.push((format!("{name}.1"), page));
    }
    Ok(pages)
}
