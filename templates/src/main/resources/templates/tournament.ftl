<#-- Plain-text part of every mail about a tournament rather than one game: an invitation, the answer to
     join/withdraw, the start with the reader's games, a withdrawal, the final table (HTML part:
     tournament.ftlh). Required: heading, paragraphs (a list of sentences, one paragraph each).
     Optional: tournamentName, recipientName, crosstable (the table's lines, fixed width).
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<#if tournamentName?has_content>Tournament: ${tournamentName}<#else>Epistle</#if>
<@m.greeting/>

${heading}
<#list paragraphs as p>

${p}
</#list>
<#if crosstable?has_content>

<@m.indented crosstable/>
</#if>
<@m.footer/>
