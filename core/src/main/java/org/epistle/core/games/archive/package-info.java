/**
 * Games as archives: PGN written so that any reader takes it (the Seven Tag Roster first, the standard's
 * Termination values, the correspondence TimeControl form, strict SAN for FIDE chess), and PGN files read
 * back into their games. Pure values and text; the store's side is {@link org.epistle.core.games.GameImport}.
 */
package org.epistle.core.games.archive;
