//! A form's responses sheet as the moderator pastes it: Google Forms
//! responses copied as a range from Sheets (tab-separated, a cell with a
//! line break quoted) or a `.csv` download (comma-separated, RFC 4180),
//! read with `csv-core`. Its first row names the columns, starting with
//! the form's `Timestamp`; one column holds who answered (a header with
//! `name`, `username`, `discord`, `player` or `who`), the others the
//! answers. Each response becomes a section of a bulk paste under a typed
//! `== Name ==` header, one line per answer, in the sheet's order (the
//! order responses came in), so a later response's lines come after an
//! earlier one's, as a later message does (R3.5, S2.5, D12.5).

use csv_core::{ReadFieldResult, ReaderBuilder};

/// The first column header of a responses sheet, in the languages Google
/// Forms writes it.
const TIMESTAMP: [&str; 7] = [
    "timestamp",
    "marca temporal",
    "horodateur",
    "zeitstempel",
    "tijdstempel",
    "carimbo de data/hora",
    "informazioni cronologiche",
];

/// Words of the header of the column that says who answered.
const NAME_WORDS: [&str; 6] = ["name", "username", "discord", "player", "who", "nick"];

/// A responses sheet read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sheet {
    /// The column headers, as written.
    pub columns: Vec<String>,
    /// The column that names who answered.
    pub name_column: usize,
    /// Each response: (1-based line where it starts in the paste, its
    /// cells). A row shorter than the header has empty cells.
    pub rows: Vec<(u32, Vec<String>)>,
}

/// The records of `text` split by `delimiter` with CSV quoting: (1-based
/// line where each starts, its fields).
fn records(text: &str, delimiter: u8) -> Vec<(u32, Vec<String>)> {
    let mut rdr = ReaderBuilder::new().delimiter(delimiter).build();
    let bytes = text.as_bytes();
    let mut pos = 0usize;
    let mut newlines = 0u32;
    let mut out = Vec::new();
    let mut row: Vec<String> = Vec::new();
    let mut start = 1u32;
    let mut field = vec![0u8; 256];
    let mut len = 0usize;
    loop {
        if row.is_empty() && len == 0 {
            // Blank lines before a record are skipped by the reader.
            let blank = bytes[pos..]
                .iter()
                .take_while(|b| matches!(b, b'\n' | b'\r'))
                .filter(|b| **b == b'\n')
                .count();
            start = newlines + 1 + u32::try_from(blank).unwrap_or(0);
        }
        let (res, nin, nout) = rdr.read_field(&bytes[pos..], &mut field[len..]);
        newlines += u32::try_from(
            bytes[pos..pos + nin]
                .iter()
                .filter(|b| **b == b'\n')
                .count(),
        )
        .unwrap_or(0);
        pos += nin;
        len += nout;
        match res {
            ReadFieldResult::InputEmpty => {}
            ReadFieldResult::OutputFull => field.resize(field.len() * 2, 0),
            ReadFieldResult::Field { record_end } => {
                row.push(String::from_utf8_lossy(&field[..len]).into_owned());
                len = 0;
                if record_end {
                    out.push((start, std::mem::take(&mut row)));
                }
            }
            ReadFieldResult::End => break,
        }
    }
    out
}

/// The column whose header names who answered: the first after the
/// timestamp whose header holds one of [`NAME_WORDS`] as a word.
fn name_column(columns: &[String]) -> Option<usize> {
    columns.iter().enumerate().skip(1).find_map(|(i, c)| {
        let c = c.to_lowercase();
        c.split(|ch: char| !ch.is_alphanumeric())
            .any(|w| NAME_WORDS.contains(&w))
            .then_some(i)
    })
}

/// `text` read as a responses sheet, if it is one: its first line starts
/// with a form's timestamp header (quoted or not) followed by a tab (a
/// range copied from Sheets) or a comma (a `.csv` file), and a column
/// names who answered. `None` for any other text.
pub fn read_sheet(text: &str) -> Option<Sheet> {
    let first = crate::text::lines(text).find(|l| !l.trim().is_empty())?;
    let head = first.trim_start_matches('\u{feff}').trim_start();
    let unquoted = head.strip_prefix('"').unwrap_or(head).to_lowercase();
    let stamp = TIMESTAMP.iter().find(|t| unquoted.starts_with(*t))?;
    let after = unquoted[stamp.len()..].trim_start_matches('"');
    let delimiter = match after.as_bytes().first() {
        Some(b'\t') => b'\t',
        Some(b',') => b',',
        _ => return None,
    };
    let text = text.trim_start_matches('\u{feff}');
    let mut all = records(text, delimiter);
    if all.is_empty() {
        return None;
    }
    let (_, columns) = all.remove(0);
    let columns: Vec<String> = columns.into_iter().map(|c| c.trim().to_string()).collect();
    let name_column = name_column(&columns)?;
    Some(Sheet {
        columns,
        name_column,
        rows: all,
    })
}

impl Sheet {
    /// The sheet as a bulk paste: each response under `== Name ==`, its
    /// answers after it, one per line (a cell's own line breaks kept), the
    /// timestamp and empty answers left out. A row with no name is kept
    /// under an `== (no name, line N) ==` header, which names no player,
    /// so its lines are shown as taken for nobody.
    pub fn to_bulk(&self) -> String {
        self.to_bulk_with_lines().0
    }

    /// [`Sheet::to_bulk`], and for each of its lines the line of the
    /// paste where its response starts.
    pub fn to_bulk_with_lines(&self) -> (String, Vec<u32>) {
        let mut out = String::new();
        let mut at = Vec::new();
        for (line, cells) in &self.rows {
            let before = out.len();
            let name = cells
                .get(self.name_column)
                .map(|n| n.trim())
                .filter(|n| !n.is_empty());
            match name {
                Some(n) => out.push_str(&format!("== {} ==\n", n.trim_start_matches('@'))),
                None => out.push_str(&format!("== (no name, line {line}) ==\n")),
            }
            for (i, cell) in cells.iter().enumerate() {
                if i == 0 || i == self.name_column || cell.trim().is_empty() {
                    continue;
                }
                out.push_str(cell.trim());
                out.push('\n');
            }
            out.push('\n');
            let added = crate::text::lines(&out[before..]).count() - 1;
            at.extend(std::iter::repeat_n(*line, added));
        }
        (out, at)
    }

    /// How the sheet was read, in words, for the moderator: `Read as a
    /// form's responses sheet: 12 responses, names from “Discord name”,
    /// answers from “Action”, “Anything else?”`.
    pub fn describe(&self) -> String {
        let answers: Vec<String> = self
            .columns
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != 0 && *i != self.name_column)
            .map(|(_, c)| format!("“{c}”"))
            .collect();
        format!(
            "Read as a form's responses sheet: {} response{}, names from “{}”, answers from {}",
            self.rows.len(),
            if self.rows.len() == 1 { "" } else { "s" },
            self.columns[self.name_column],
            if answers.is_empty() {
                "no column".to_string()
            } else {
                answers.join(", ")
            }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // A range copied from the responses sheet of a Google Form (Sheets puts
    // a tab between cells and quotes a cell holding a line break).
    const TSV: &str = "Timestamp\tDiscord name\tNight action\tAnything else?\n\
        11/28/2026 19:02:11\tKestrel\tkill Vex\t\n\
        11/28/2026 19:04:40\tVex\t\"protect Sir Reg\nwatch\"\tsorry, late\n\
        11/28/2026 19:30:02\tKestrel\tkill Nova\t\n";

    #[test]
    fn a_copied_range() {
        let s = read_sheet(TSV).unwrap();
        assert_eq!(s.name_column, 1);
        assert_eq!(s.rows.len(), 3);
        assert_eq!(s.rows[1].0, 3);
        assert_eq!(s.rows[2].0, 5);
        assert_eq!(
            s.to_bulk(),
            "== Kestrel ==\nkill Vex\n\n== Vex ==\nprotect Sir Reg\nwatch\nsorry, late\n\n== Kestrel ==\nkill Nova\n\n"
        );
        assert_eq!(
            s.describe(),
            "Read as a form's responses sheet: 3 responses, names from “Discord name”, answers from “Night action”, “Anything else?”"
        );
    }

    #[test]
    fn a_csv_download() {
        // As Forms' "Download responses (.csv)" writes it: every field
        // quoted, a byte-order mark maybe.
        let csv = "\u{feff}\"Timestamp\",\"Username\",\"Orders\"\r\n\"2026/11/28 7:02:11 PM GMT\",\"@tofu_cat\",\"21 v 2\r\n22 m B\"\r\n";
        let s = read_sheet(csv).unwrap();
        assert_eq!(s.to_bulk(), "== tofu_cat ==\n21 v 2\r\n22 m B\n\n");
    }

    #[test]
    fn other_text_is_no_sheet() {
        assert_eq!(read_sheet("Kestrel:\nkill Vex"), None);
        assert_eq!(read_sheet("Timestamp: 7 PM\nkill Vex"), None);
        // A sheet with no column naming who answered is not read as one.
        assert_eq!(read_sheet("Timestamp\tAction\n1/1\tkill Vex"), None);
    }
}
