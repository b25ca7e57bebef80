package org.epistle.core.games;

import java.util.Optional;
import org.jdbi.v3.sqlobject.customizer.Bind;
import org.jdbi.v3.sqlobject.statement.SqlQuery;
import org.jdbi.v3.sqlobject.statement.SqlUpdate;

interface SettingTable {

    @SqlQuery("SELECT content FROM settings WHERE name = :name")
    Optional<String> get(@Bind("name") String name);

    @SqlUpdate("INSERT INTO settings (name, content) VALUES (:name, :content)")
    void insert(@Bind("name") String name, @Bind("content") String content);
}
