package org.epistle.core.games;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;
import java.util.List;
import org.jdbi.v3.core.mapper.RowMapper;
import org.jdbi.v3.core.statement.StatementContext;

/** Reads an outbox row back into the mail the sender sees, with its model parsed from JSON. */
public final class OutboxMailMapper implements RowMapper<OutboxMail> {

    @Override
    public OutboxMail map(ResultSet rs, StatementContext ctx) throws SQLException {
        String references = rs.getString("references_header");
        return new OutboxMail(
                rs.getLong("id"),
                rs.getLong("game_id"),
                MailKind.valueOf(rs.getString("kind")),
                rs.getString("to_name"),
                rs.getString("to_address"),
                rs.getString("subject"),
                rs.getString("message_id"),
                rs.getString("in_reply_to"),
                references.isBlank() ? List.of() : Arrays.asList(references.trim().split("\\s+")),
                rs.getString("reply_to"),
                MailModel.fromJson(rs.getString("model_json")),
                rs.getInt("attempts"));
    }
}
