//! The README's prose where fray shows it (the manual pages): the README is included at build
//! time and sliced by heading, so each rule is written once, in the README.

/// The README as built into fray.
pub const README: &str = include_str!("../README.md");

/// The section under the chapter `## {chapter}` whose heading starts with `### {heading}`, up
/// to the next heading of level 2 or 3 (empty when there is none).
pub fn section(chapter: &str, heading: &str) -> &'static str {
    let Some(start) = README.find(&format!("\n## {chapter}\n")) else { return "" };
    let chapter_text = &README[start + 1..];
    let chapter_end = chapter_text[3..].find("\n## ").map_or(chapter_text.len(), |i| i + 4);
    debug_assert!(!chapter_text[chapter_end..].starts_with(&format!("\n## {chapter}\n")), "two chapters {chapter}");
    let chapter_text = &chapter_text[..chapter_end];
    let Some(at) = chapter_text.find(&format!("\n### {heading}")) else { return "" };
    let body = &chapter_text[at + 1..];
    let body = &body[body.find('\n').map_or(body.len(), |i| i + 1)..];
    let end = body.find("\n### ").or_else(|| body.find("\n## ")).map_or(body.len(), |i| i + 1);
    &body[..end]
}

/// A piece of a section as the manual pages show it.
#[derive(Debug, PartialEq, Eq)]
pub enum Block {
    /// A paragraph, its lines joined.
    Paragraph(String),
    /// A table row: its first cell and its second.
    Row(String, String),
    /// A list item, `- ` left out and its lines joined.
    Item(String),
}

/// The paragraphs, table rows (the header left out) and list items of `text`; code blocks and
/// headings are left out, and links keep only their words.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut blocks = Vec::new();
    let mut open: Option<Block> = None;
    let mut fenced = false;
    for line in text.lines() {
        if line.starts_with("```") {
            fenced = !fenced;
            blocks.extend(open.take());
            continue;
        }
        if fenced {
            continue;
        }
        let line = plain(line);
        match (&mut open, line.as_str()) {
            (_, "") => blocks.extend(open.take()),
            (_, l) if l.starts_with('#') => blocks.extend(open.take()),
            (_, l) if l.starts_with('|') => {
                blocks.extend(open.take());
                if let Some(row) = row(l) {
                    blocks.push(row);
                }
            }
            (_, l) if l.starts_with("- ") => {
                blocks.extend(open.take());
                open = Some(Block::Item(l[2..].to_string()));
            }
            (Some(Block::Item(item)), l) if l.starts_with("  ") => {
                item.push(' ');
                item.push_str(l.trim());
            }
            (Some(Block::Paragraph(paragraph)), l) => {
                paragraph.push(' ');
                paragraph.push_str(l.trim());
            }
            (_, l) => {
                blocks.extend(open.take());
                open = Some(Block::Paragraph(l.trim().to_string()));
            }
        }
    }
    blocks.extend(open);
    blocks
}

/// A table row `| first | second |`; `None` for the header and its rule.
fn row(line: &str) -> Option<Block> {
    let inner = line.strip_prefix("| ")?.strip_suffix(" |")?;
    let (first, second) = inner.split_once(" | ")?;
    if first == "command" || first.starts_with("---") {
        return None;
    }
    Some(Block::Row(first.to_string(), second.replace("\\|", "|")))
}

/// A line with Markdown links reduced to their words: `[Output](#output)` is `Output`.
fn plain(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut rest = line;
    while let Some(open) = rest.find('[') {
        let Some(close) = rest[open..].find("](").map(|i| open + i) else { break };
        let Some(end) = rest[close..].find(')').map(|i| close + i) else { break };
        out.push_str(&rest[..open]);
        out.push_str(&rest[open + 1..close]);
        rest = &rest[end + 1..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_section_ends_at_the_next_heading_and_gives_its_blocks() {
        let ose = section("Rulesets", "`ose`");
        assert!(ose.starts_with("\n| command | rule |"), "{ose}");
        assert!(!ose.contains("### "), "{ose}");
        let blocks = blocks(ose);
        assert!(matches!(&blocks[0], Block::Row(command, _) if command == "`surprise`"), "{blocks:?}");
        assert!(blocks.iter().any(|b| matches!(b, Block::Paragraph(p) if p.starts_with("Side keys: `aware`"))));
        assert_eq!(section("Rulesets", "`nonesuch`"), "");
    }

    #[test]
    fn items_rows_and_links() {
        let text = "Intro [Output](#output) here,\nsecond line.\n\n| command | rule |\n|---|---|\n| `a` | x \\| y |\n\n- `b`: one\n  two\n```console\n$ fray\n```\n";
        assert_eq!(
            blocks(text),
            [
                Block::Paragraph("Intro Output here, second line.".into()),
                Block::Row("`a`".into(), "x | y".into()),
                Block::Item("`b`: one two".into()),
            ]
        );
    }
}
