<#-- Plain-text part of the answer to "history": the game record so far (HTML part: history.ftlh).
     Required: gameId, variantName, history (the record, one line a turn; may be empty).
     Optional: result, termination, ending, diagram, sideToMove with turnNumber, toMoveName, yourTurn,
     whiteName, blackName, whiteArmy, blackArmy, recipientName, recipientSide, check, deadline,
     replyAddress, gameUrl; ranks (the picture). All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.header/>
<@m.greeting/>

<#if history?size != 0>
The game so far:

<@m.indented history/>
<#else>
No turn has been played yet.
</#if>
<#if result?has_content>

<#if ending?has_content>${ending} </#if>Result: ${result}<#if termination?has_content> (${termination})</#if>
</#if>
<#if diagram?has_content>

The position now:

<@m.indented diagram/>
</#if>
<#if sideToMove?has_content && turnNumber??>

<@m.toMove/>
</#if>
<@m.links/>
<@m.footer/>
