<#-- Plain-text part of the mail about a player's conditional line (HTML part: conditional-line.ftlh): queued,
     cleared, or cancelled because the opponent played another turn than the one expected.
     Required: gameId, variantName, lineNote (what became of the line), line (the pairs still queued, one a
     line; may be empty).
     Optional: whiteName, blackName, whiteArmy, blackArmy, recipientName, replyAddress, gameUrl, playUrl.
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.header/>
<@m.greeting/>

${lineNote}
<#if line?size != 0>

Your conditional line, in the order it is met:

<@m.indented line/>
</#if>

To replace the line, send a new one (if <their turn> then <your reply>, pairs one after
another or one a line); to clear it, write: if cancel
<@m.links/>
<@m.footer/>
