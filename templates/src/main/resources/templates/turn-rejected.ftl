<#-- Plain-text part of the answer to a turn that was not accepted, sent to its sender only
     (HTML part: turn-rejected.ftlh).
     Required: gameId, variantName, explanation, diagram (marked squares bracketed), rawText.
     Optional: notAccepted (the exact part; without it the turn as read, playedTurn.notation, if any),
     hint, sideToMove with turnNumber, toMoveName, yourTurn, whiteName, blackName, whiteArmy, blackArmy,
     recipientName, recipientSide, check, deadline, replyAddress, gameUrl; ranks, marked (the picture).
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<#assign asRead = (playedTurn.notation)!"">
<@m.header/>
<@m.greeting/>

Your turn was not accepted, and the game has not changed.
<#if notAccepted?has_content>

Not accepted: ${notAccepted}
<#elseif asRead?has_content>

Not accepted: ${asRead}
</#if>

${explanation}
<#if hint?has_content>

What you can do instead: ${hint}
</#if>

<#if marked?has_content>
The position, with the squares in question in [brackets]:
<#else>
The position:
</#if>

<@m.indented diagram/>
<#if sideToMove?has_content && turnNumber??>

<@m.toMove/>
</#if>

<#if !["stale-turn-number", "crossed", "not-your-turn", "game-over"]?seq_contains(reason!"")>
Please send your turn again, corrected.
</#if>
<@m.links/>
<#if rawText != "">

Your mail:

<@m.quote rawText/>
</#if>
<@m.footer/>
