<#-- Plain-text part of the mail to a player whose opponent offers a draw (HTML part: draw-offered.ftlh).
     The offer comes from the side opposite recipientSide.
     Required: gameId, variantName, recipientSide.
     Optional: opponentName, whiteName, blackName, whiteArmy, blackArmy, recipientName, diagram,
     sideToMove with turnNumber, toMoveName, yourTurn, check, deadline, replyAddress, gameUrl; ranks (the picture).
     All keys are described in templates/README.md. -->
<#import "parts/text.ftl" as m>
<@m.header/>
<@m.greeting/>

${m.sideAndPlayer(m.opponent(recipientSide?lower_case), opponentName!"")} offers a draw.

To agree to a draw, reply with the single word

    accept

To turn the offer down and play on, reply with

    decline
<#if diagram?has_content>

The position:

<@m.indented diagram/>
</#if>
<#if sideToMove?has_content && turnNumber??>

<@m.toMove/>
</#if>
<@m.links/>
<@m.footer/>
