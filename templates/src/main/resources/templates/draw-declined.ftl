<#-- Plain-text part of the mail to a player whose draw offer was declined (HTML part: draw-declined.ftlh).
     The decline comes from the side opposite recipientSide.
     Required: gameId, variantName, recipientSide.
     Optional: opponentName, whiteName, blackName, whiteArmy, blackArmy, recipientName, diagram,
     sideToMove with turnNumber, toMoveName, yourTurn, check, deadline, instructions, replyAddress, gameUrl;
     ranks (the picture). All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.header/>
<@m.greeting/>

${m.sideAndPlayer(m.opponent(recipientSide?lower_case), opponentName!"")} declined your draw offer. The game goes on.
<#if diagram?has_content>

The position:

<@m.indented diagram/>
</#if>
<#if sideToMove?has_content && turnNumber??>

<@m.toMove/>
</#if>

<@m.reply/>
<@m.footer/>
