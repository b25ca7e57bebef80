<#-- Plain-text part of news about the clock: a reminder that time is running out, extra time the admin gave,
     an opponent's leave starting or ending; or the answer to a player's leave or time-zone command, about no
     game (gameId 0) (HTML part: clock-notice.ftlh).
     Required: explanation.
     Optional: gameId with variantName (the title; 0 means no game), recipientName, diagram with sideToMove,
     turnNumber, toMoveName, yourTurn, check, clock, deadline, instructions, replyAddress, gameUrl, playUrl;
     ranks (the picture). All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.title/>
<@m.greeting/>

${explanation}
<#if (gameId!0) != 0 && diagram?has_content>

The position now:

<@m.indented diagram/>

<@m.toMove/>

<@m.reply/>
<#else>
<@m.links/>
</#if>
<@m.footer/>
