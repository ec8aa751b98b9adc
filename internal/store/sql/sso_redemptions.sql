-- name: SsoRedemptionCreate :execrows
-- Records a ticket's redemption; 0 rows means it was redeemed before.
INSERT INTO sso_redemptions (jti, audience, user_id, redeemed_at, expires_at)
VALUES (@jti, @audience, @user_id, @redeemed_at, @expires_at)
ON CONFLICT (jti) DO NOTHING;

-- name: SsoRedemptionDeleteExpired :execrows
-- At most 1000 rows a call, so a long backlog never holds one long lock.
DELETE FROM sso_redemptions
WHERE jti IN (SELECT old.jti FROM sso_redemptions old WHERE old.expires_at < @before ORDER BY old.expires_at LIMIT 1000);
